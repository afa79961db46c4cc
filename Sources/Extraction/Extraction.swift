// placeholder for the Extraction stage
