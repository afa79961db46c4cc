// placeholder for the Ingest stage
