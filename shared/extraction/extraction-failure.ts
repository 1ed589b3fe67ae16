/**
 * An expected extraction failure (unreadable file, nothing found, model refused): the job fails with
 * SVC_EXTRACT_002 and this message. Anything else that escapes is a bug or an outage.
 */
export class ExtractionFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ExtractionFailure";
  }
}
