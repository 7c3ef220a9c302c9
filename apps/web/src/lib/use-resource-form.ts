import type { ResourceDefinition } from '@sitefleet/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type DefaultValues, type FieldValues, type Resolver, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { bindServerErrors } from './form-errors.ts';
import { http } from './http.ts';
import { resourceKey } from './resource-queries.ts';
import { notifySuccess } from './toast.tsx';

/**
 * What a form saves to, read from the resource's declaration: POST {path} adds, PUT {path}/{id}
 * saves, each answering the saved record (an add may say more: an instance's first agent token);
 * then every query of the resource reloads.
 */
export type SavedResource<A> = Pick<ResourceDefinition, 'name' | 'path'> & {
  create: { answer: z.ZodType<A> };
  update: { answer: z.ZodType<A> };
};

export interface ResourceFormOptions<V extends FieldValues, A> {
  /** The record's id, or null to add one. */
  recordId: number | null;
  /** The record's name in the title: 'Add New Website' or 'Edit Website'. */
  noun: string;
  /** The contract's rules (contractResolver), so the form says what the server would say. */
  resolver: Resolver<V>;
  defaultValues: DefaultValues<V>;
  resource: SavedResource<A>;
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
  resource,
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
        ? resource.update.answer.parse(await http.put(`${resource.path}/${recordId}`, body))
        : resource.create.answer.parse(await http.post(resource.path, body)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: resourceKey(resource) }),
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
