/**
 * How an open ontology's file compares with the content it was loaded from: 'modified' (the bytes
 * differ), 'deleted' (no file at that path now) or 'unchanged' (again the same bytes, e.g. an edit
 * that was undone, or the file was reloaded).
 */
export type FileChangeState = 'modified' | 'deleted' | 'unchanged';

/** The `ontology.changed` event: one open ontology's file changed state on disk. */
export interface OntologyFileChange {
  ontologyId: string;
  path: string;
  state: FileChangeState;
}

/** `ontology.status`: changed is true when the file differs from what was loaded, deleted ones included. */
export interface OntologyFileStatus {
  changed: boolean;
  deleted: boolean;
}
