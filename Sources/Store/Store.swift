// placeholder for the Store stage
