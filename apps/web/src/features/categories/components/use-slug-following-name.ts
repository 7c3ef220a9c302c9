import { slugify } from '@sitefleet/contract';
import { useRef } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { CategoryFormValues } from './category-form.ts';

/**
 * Registers the name and slug fields so that the slug follows the name (slugified) until the
 * user edits the slug by hand; emptying the slug lets it follow again. `followAtStart` is false
 * when editing: a saved category's slug (its address on the websites) changes only on purpose.
 */
export function useSlugFollowingName(
  form: UseFormReturn<CategoryFormValues>,
  followAtStart: boolean,
) {
  const following = useRef(followAtStart);
  const name = form.register('name', {
    onChange: (event: { target: { value: string } }) => {
      if (!following.current) return;
      form.setValue('slug', slugify(event.target.value), {
        shouldDirty: true,
        // Clears 'Slug is required' once the name fills the slug in.
        shouldValidate: form.getFieldState('slug').invalid,
      });
    },
  });
  const slug = form.register('slug', {
    onChange: (event: { target: { value: string } }) => {
      following.current = event.target.value === '';
    },
  });
  return { name, slug };
}
