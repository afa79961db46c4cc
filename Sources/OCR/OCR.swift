// The OCR stage: Tesseract engines, one per worker thread.
import CTesseract
import CLeptonica
