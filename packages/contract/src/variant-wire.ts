/**
 * A variant's id on the wire. The original product's API names it `pivot_id` (the pivot table of a
 * record and its websites), and its clients rely on that name, so the answers keep it; the code
 * calls it `variant_id`, and these two functions rename it where rows cross the wire.
 */
const WIRE_NAME = 'pivot_id';
const CODE_NAME = 'variant_id';

type Renamed<T, From extends string, To extends string> = {
  [Key in keyof T as Key extends From ? To : Key]: T[Key];
};
/** A row of the code with the wire's name for its variant's id. */
export type ToWireVariant<T> = Renamed<T, typeof CODE_NAME, typeof WIRE_NAME>;
/** A row of the wire with the code's name for its variant's id. */
export type FromWireVariant<T> = Renamed<T, typeof WIRE_NAME, typeof CODE_NAME>;

/** `row` with its field `from` renamed `to`, in the same place: an answer keeps its field order. */
const renamed = (row: object, from: string, to: string) =>
  Object.fromEntries(Object.entries(row).map(([key, value]) => [key === from ? to : key, value]));

/** A row as it leaves for the wire: `variant_id` becomes the wire's name. */
export const toWireVariant = <T extends Record<typeof CODE_NAME, number>>(row: T) =>
  renamed(row, CODE_NAME, WIRE_NAME) as ToWireVariant<T>;

/** A row as it comes from the wire: the wire's name becomes `variant_id`. */
export const fromWireVariant = <T extends Record<typeof WIRE_NAME, number>>(row: T) =>
  renamed(row, WIRE_NAME, CODE_NAME) as FromWireVariant<T>;
