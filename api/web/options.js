// A game's table options in words. An option's `description` (GET /api/games) reads
// "Label (what each choice means)": the lobby labels its control with the label and shows the
// rest as a hint; a table's header says "Label: value". Option keys (`resource_visibility`) and JSON
// never reach the page.

/** The option's label: its description up to the explanation in brackets, else its key in words. */
export function optionLabel(key, option) {
  const text = (option?.description || '').trim();
  const label = text.split(' (')[0].trim();
  if (label) return label;
  const words = key.replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** What the choices mean (the description's bracketed rest), or ''. */
export function optionHint(option) {
  const text = (option?.description || '').trim();
  const at = text.indexOf(' (');
  return at >= 0 ? text.slice(at + 2).replace(/\)\s*$/, '') : '';
}

/** A value in words: strings and numbers as they are, lists joined, yes/no for booleans. */
export function valueWords(value) {
  if (value === true) return 'yes';
  if (value === false) return 'no';
  if (value === null || value === undefined) return 'none';
  if (Array.isArray(value)) return value.map(valueWords).join(', ');
  if (typeof value === 'object') return Object.entries(value).map(([k, v]) => `${k.replaceAll('_', ' ')} ${valueWords(v)}`).join(', ');
  return String(value).replaceAll('_', ' ');
}

/** Whether an option means anything beside the table's other options (its `applies_when`). */
export function optionApplies(option, options) {
  return Object.entries(option?.applies_when || {}).every(([key, values]) =>
    values.some((v) => JSON.stringify(v) === JSON.stringify(options?.[key])));
}

/** A table's options as one line: "Rules level: 3 · Community board side at level 3: B" (an option
 * the other options make meaningless is left out: no community side on a level 1 table). */
export function optionsLine(options, described = {}) {
  return Object.entries(options || {}).filter(([key]) => optionApplies(described[key], options))
    .map(([key, value]) => `${optionLabel(key, described[key])}: ${valueWords(value)}`).join(' · ');
}
