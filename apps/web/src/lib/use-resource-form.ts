import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { type DefaultValues, type FieldValues, type Resolver, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { bindServerErrors } from './form-errors.ts';
import { http } from './http.ts';
import { notifySuccess } from './toast.tsx';

export interface ResourceEndpoint<A> {
  /** The resource's API path: POST {path} adds, PUT {path}/{id} saves. */
  path: string;
  /** The key every query of the resource starts with, reloaded after a save, e.g. ['users']. */
  resourceKey: QueryKey;
  /** The answer: the saved record. */
  answer: z.ZodType<A>;
  /** The answer of an add, when it says more (an instance's first agent token). */
  createdAnswer?: z.ZodType<A>;
}

export interface ResourceFormOptions<V extends FieldValues, A> {
  /** The record's id, or null to add one. */
  recordId: number | null;
  /** The record's name in the title: 'Add New Website' or 'Edit Website'. */
  noun: string;
  /** The contract's rules (contractResolver), so the form says what the server would say. */
  resolver: Resolver<V>;
  defaultValues: DefaultValues<V>;
  endpoint: ResourceEndpoint<A>;
  /** The toasts of a save (the contract's messages). */
  messages: { created: string; updated: string };
  onClose: () => void;
  /** What is sent; by default the form's values (the resolver's output) as they are. */
  payload?: (values: V, recordId: number | null) => unknown;
  /** After the toast of a save; by default the dialog closes. */
  onSaved?: (answer: A) => void;
}

/**
 * A form modal's state: the form on the contract's rules, the save (POST to add, PUT to edit, the
 * resource's lists reloaded), the toast and close on success, and a refusal put onto the fields
 * while the dialog stays open with what was typed. `modal` goes to FormModal as it is.
 */
export function useResourceForm<V extends FieldValues, A>({
  recordId,
  noun,
  resolver,
  defaultValues,
  endpoint,
  messages,
  onClose,
  payload,
  onSaved,
}: ResourceFormOptions<V, A>) {
  const editing = recordId !== null;
  const form = useForm<V>({ resolver, defaultValues });
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: async (body: unknown) =>
      editing
        ? endpoint.answer.parse(await http.put(`${endpoint.path}/${recordId}`, body))
        : (endpoint.createdAnswer ?? endpoint.answer).parse(await http.post(endpoint.path, body)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: endpoint.resourceKey }),
  });

  const onSubmit = form.handleSubmit((values) =>
    save.mutate(payload ? payload(values, recordId) : values, {
      onSuccess: (answer) => {
        notifySuccess(editing ? messages.updated : messages.created);
        if (onSaved) onSaved(answer);
        else onClose();
      },
      onError: (error) => bindServerErrors(error, form),
    }),
  );

  return {
    form,
    errors: form.formState.errors,
    editing,
    modal: {
      show: true,
      title: editing ? `Edit ${noun}` : `Add New ${noun}`,
      onSubmit,
      onCancel: onClose,
      busy: save.isPending,
    },
  };
}
