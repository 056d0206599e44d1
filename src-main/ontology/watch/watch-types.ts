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
  /** Set when what changed is one of its imports, not the file itself: that import's file. */
  importPath?: string;
}

/** `ontology.status`: the state the `ontology.changed` event would give now. */
export interface OntologyFileStatus {
  state: FileChangeState;
}
