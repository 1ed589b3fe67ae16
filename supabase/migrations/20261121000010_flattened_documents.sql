-- PDF/A-2b copies made by flatten-document, kept beside the generated file of the same job.
alter table generation_jobs add column if not exists flattened_blob_key text;
