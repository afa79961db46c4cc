#ifndef REBUT_TESSERACT_LINE_IMAGES_H
#define REBUT_TESSERACT_LINE_IMAGES_H

/// How many PNG buffers Tesseract has asked Leptonica for in this process, each written
/// uncompressed (see tesseract_line_images.c). Also keeps the interposer linked in.
long rebut_tesseract_png_buffers_written(void);

#endif
