// placeholder for the Imaging stage
