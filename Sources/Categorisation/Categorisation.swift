// placeholder for the Categorisation stage
