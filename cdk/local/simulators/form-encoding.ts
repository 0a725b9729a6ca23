/** A decoded form value: strings, nested objects (`a[b]=x`) and arrays (`a[0]=x`). */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };

/**
 * Decodes an `application/x-www-form-urlencoded` body the way Stripe reads it: bracketed keys nest
 * (`metadata[advertiser]=x`), numeric or empty brackets make arrays (`payment_method_types[0]=card`,
 * `expand[]=customer`).
 */
export function decodeForm(body: string): Record<string, FormValue> {
  const root: Record<string, FormValue> = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const head = /^[^[]+/.exec(rawKey)?.[0] ?? rawKey;
    const path = [head, ...[...rawKey.slice(head.length).matchAll(/\[([^\]]*)\]/g)].map((m) => m[1] as string)];
    let node: Record<string, FormValue> | FormValue[] = root;
    for (let i = 0; i < path.length; i++) {
      const key = path[i] as string;
      const last = i === path.length - 1;
      const nextIsIndex = !last && /^\d*$/.test(path[i + 1] as string);
      if (Array.isArray(node)) {
        const index = key === '' ? node.length : Number(key);
        if (last) node[index] = value;
        else node = (node[index] ??= nextIsIndex ? [] : {}) as Record<string, FormValue> | FormValue[];
      } else if (last) {
        node[key] = value;
      } else {
        node = (node[key] ??= nextIsIndex ? [] : {}) as Record<string, FormValue> | FormValue[];
      }
    }
  }
  return root;
}

/** A string field of a decoded form (undefined when absent or not a string). */
export const formString = (form: Record<string, FormValue> | undefined, key: string): string | undefined => {
  const value = form?.[key];
  return typeof value === 'string' ? value : undefined;
};

/** A nested object field of a decoded form. */
export const formObject = (
  form: Record<string, FormValue> | undefined,
  key: string,
): Record<string, FormValue> | undefined => {
  const value = form?.[key];
  return typeof value === 'object' && !Array.isArray(value) ? value : undefined;
};
