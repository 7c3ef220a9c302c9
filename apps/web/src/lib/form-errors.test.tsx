import { act, renderHook } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { bindServerErrors } from './form-errors.ts';
import { ApiError } from './http.ts';

function renderForm() {
  return renderHook(() => {
    const form = useForm({ defaultValues: { name: '', email: '', roles: [] as number[] } });
    // Reading the errors while rendering subscribes to them, as a form's markup does.
    void form.formState.errors;
    return form;
  }).result;
}

describe('bindServerErrors', () => {
  it('puts the first message of each 422 field under that field', () => {
    const form = renderForm();
    const error = new ApiError(422, 'The given data was invalid.', {
      email: ['This email is already taken', 'Another'],
      'roles.0': ['These roles do not exist: 99'],
    });

    act(() => bindServerErrors(error, form.current));

    expect(form.current.getFieldState('email').error?.message).toBe('This email is already taken');
    expect(form.current.getFieldState('roles').error?.message).toBe('These roles do not exist: 99');
    expect(form.current.formState.errors.root?.server).toBeUndefined();
  });

  it('keeps errors of fields the form lacks as the form-level error', () => {
    const form = renderForm();
    const error = new ApiError(422, 'The given data was invalid.', {
      name: ['Name is required'],
      id: ['Bad'],
    });
    act(() => bindServerErrors(error, form.current));

    expect(form.current.getFieldState('name').error?.message).toBe('Name is required');
    expect(form.current.formState.errors.root?.server?.message).toBe('Bad');
  });

  it('shows any other failure at the form level', () => {
    const form = renderForm();
    act(() => bindServerErrors(new ApiError(403, 'This action is unauthorized.'), form.current));
    expect(form.current.formState.errors.root?.server?.message).toBe(
      'This action is unauthorized.',
    );

    const other = renderForm();
    const refusal = new ApiError(422, 'The last super admin cannot be deleted');
    act(() => bindServerErrors(refusal, other.current));
    expect(other.current.formState.errors.root?.server?.message).toBe(
      'The last super admin cannot be deleted',
    );
  });
});
