// placeholder for the Pipeline stage
