import { MAX_SUBCATEGORY_PARENTS, type NamedRef } from '@sitefleet/contract';
import { useQueries } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { type Control, Controller, type FieldError } from 'react-hook-form';
import { describedBy, FormField } from '../../../components/form/FormField.tsx';
import { MultiSelect, type SelectOption } from '../../../components/MultiSelect.tsx';
import {
  categoryOptionsKey,
  fetchCategoryOptions,
  useCategorySearch,
} from '../../../lib/content/category-options.ts';
import type { CategoryFormValues } from './category-form.ts';

interface ParentsFieldProps {
  control: Control<CategoryFormValues>;
  error?: FieldError;
  /** The edited category, which cannot be its own parent; null when adding one. */
  categoryId: number | null;
  /** The parents the category has, with their names. */
  initialParents: readonly NamedRef[];
}

/** Options without repeats: the first of a value wins (a sub-category's path before its bare name). */
function distinctOptions(options: SelectOption<number>[]): SelectOption<number>[] {
  const seen = new Set<number>();
  return options.filter((option) => !seen.has(option.value) && seen.add(option.value));
}

/**
 * The parents multi-select. It searches every category on the server as the user types, and
 * first offers the sub-categories of the first MAX_SUBCATEGORY_PARENTS chosen parents,
 * labelled with their path, so that the tree can be walked down from a chosen parent.
 */
export function ParentsField({ control, error, categoryId, initialParents }: ParentsFieldProps) {
  const inputId = useId();
  const search = useCategorySearch();
  // Names of the chosen parents, which a narrower search no longer answers.
  const [chosenNames, setChosenNames] = useState(
    () => new Map(initialParents.map((parent) => [parent.id, parent.name])),
  );

  return (
    <FormField label="Parents" controlId={inputId} error={error}>
      <Controller
        control={control}
        name="parents"
        render={({ field }) => {
          const subCategoryParents = field.value.slice(0, MAX_SUBCATEGORY_PARENTS);
          return (
            <ParentsSelect
              inputId={inputId}
              value={field.value}
              onBlur={field.onBlur}
              onChange={(ids, options) => {
                setChosenNames((names) => {
                  const next = new Map(names);
                  for (const option of options) {
                    if (ids.includes(option.value)) next.set(option.value, option.label);
                  }
                  return next;
                });
                field.onChange(ids);
              }}
              subCategoryParents={subCategoryParents}
              chosenNames={chosenNames}
              categoryId={categoryId}
              search={search}
              invalid={error !== undefined}
              ariaDescribedBy={error ? describedBy(inputId) : undefined}
            />
          );
        }}
      />
      {search.query.isError && (
        <div className="form-text text-danger">{search.query.error.message}</div>
      )}
    </FormField>
  );
}

interface ParentsSelectProps {
  inputId: string;
  value: number[];
  onChange: (ids: number[], shownOptions: SelectOption<number>[]) => void;
  onBlur: () => void;
  subCategoryParents: number[];
  chosenNames: ReadonlyMap<number, string>;
  categoryId: number | null;
  search: ReturnType<typeof useCategorySearch>;
  invalid: boolean;
  ariaDescribedBy?: string;
}

function ParentsSelect({
  inputId,
  value,
  onChange,
  onBlur,
  subCategoryParents,
  chosenNames,
  categoryId,
  search,
  invalid,
  ariaDescribedBy,
}: ParentsSelectProps) {
  const subCategories = useQueries({
    queries: subCategoryParents.map((parentId) => ({
      queryKey: categoryOptionsKey(parentId, ''),
      queryFn: () => fetchCategoryOptions(parentId, ''),
    })),
  });
  const typed = search.text.trim().toLowerCase();
  const subCategoryOptions = subCategoryParents.flatMap((parentId, index) =>
    (subCategories[index]?.data ?? [])
      .filter((child) => child.name.toLowerCase().includes(typed))
      .map((child) => ({
        value: child.id,
        label: `${chosenNames.get(parentId) ?? parentId} › ${child.name}`,
      })),
  );
  const options = distinctOptions([
    ...subCategoryOptions,
    ...search.options.map((category) => ({ value: category.id, label: category.name })),
    ...value.map((id) => ({ value: id, label: chosenNames.get(id) ?? `#${id}` })),
  ]).filter((option) => option.value !== categoryId);

  return (
    <MultiSelect
      inputId={inputId}
      options={options}
      value={value}
      onChange={(ids) => onChange(ids, options)}
      onBlur={onBlur}
      onSearch={search.search}
      isLoading={search.query.isFetching || subCategories.some((query) => query.isFetching)}
      invalid={invalid}
      ariaDescribedBy={ariaDescribedBy}
      placeholder="Search categories"
    />
  );
}
