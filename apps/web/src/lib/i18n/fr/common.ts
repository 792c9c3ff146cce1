import { FIELD_LABELS_FR, MESSAGES_FR, RESOURCE_TITLES_FR } from '@isf/contract';

/** The spec's French texts (verbatim, from the contract), field labels and resource titles. */
export const frCommon = {
  ...MESSAGES_FR,
  ...Object.fromEntries(Object.entries(FIELD_LABELS_FR).map(([name, label]) => [`fields.${name}`, label])),
  ...Object.fromEntries(
    Object.entries(RESOURCE_TITLES_FR).flatMap(([key, titles]) => [
      [`resources.${key}.title`, titles.title],
      [`resources.${key}.one`, titles.one],
    ]),
  ),
};
