/**
 * The sample shipments of the tests are the gallery's (scripts/sample-shipments.ts): one set of samples,
 * kept outside tests/ because the gallery script, production tooling, must not import test fixtures.
 */
export { longShipment, SAMPLE_META, sampleShipment, sampleUsmcaShipment, stressShipment } from "../../scripts/sample-shipments.ts";
