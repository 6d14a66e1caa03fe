/** What a family solver returns: the bare answer (null when it found none) and why it gave up, if it did. */
export interface FamilyAnswer {
  answer: string | null;
  note?: string;
}
