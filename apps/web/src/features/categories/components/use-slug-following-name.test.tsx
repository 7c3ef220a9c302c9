import { fireEvent, render, screen } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { type CategoryFormValues, categoryFormDefaults } from './category-form.ts';
import { useSlugFollowingName } from './use-slug-following-name.ts';

function NameAndSlug({ followAtStart }: { followAtStart: boolean }) {
  const form = useForm<CategoryFormValues>({ defaultValues: categoryFormDefaults(null) });
  const { name, slug } = useSlugFollowingName(form, followAtStart);
  return (
    <>
      <input aria-label="Name" {...name} />
      <input aria-label="Slug" {...slug} />
    </>
  );
}

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const slug = () => (screen.getByLabelText('Slug') as HTMLInputElement).value;

describe('useSlugFollowingName', () => {
  it('follows the name until the slug is edited, and again once the slug is emptied', () => {
    render(<NameAndSlug followAtStart />);
    type('Name', 'Crème Brûlée & Co');
    expect(slug()).toBe('creme-brulee-co');

    type('Slug', 'desserts');
    type('Name', 'Crème Brûlée');
    expect(slug()).toBe('desserts');

    type('Slug', '');
    type('Name', 'Tarte Tatin');
    expect(slug()).toBe('tarte-tatin');
  });

  it('leaves a saved category slug alone when the name changes', () => {
    render(<NameAndSlug followAtStart={false} />);
    type('Slug', 'kept');
    type('Name', 'Renamed');
    expect(slug()).toBe('kept');
  });
});
