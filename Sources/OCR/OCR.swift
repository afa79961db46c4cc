import CTesseract
import CLeptonica
let _v = TessVersion()
