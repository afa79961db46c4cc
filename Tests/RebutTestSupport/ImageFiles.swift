import Foundation
import Imaging
import Ingest

extension TemporaryDirectory {
    /// Encodes `image`, writes it, and ingests it the way the pipeline does.
    public func ingest(_ image: LeptonicaImage, as format: ImageFormat = .png, named name: String = "image") throws -> IngestedFile {
        let target = file("\(name).\(format.rawValue)")
        try image.encoded(as: format).write(to: target)
        return try Ingestor().read(target)
    }
}

extension TemporaryDirectory {
    /// `image` as a scanned PDF would hold it: one page of `dpi`, the image as its only
    /// content (a JPEG), no text layer. Written by hand, so the test needs no PDF writer.
    public func ingestAsScannedPDF(_ image: LeptonicaImage, dpi: Double = 200, named name: String = "scan") throws -> IngestedFile {
        let jpeg = try image.encoded(as: .jpeg)
        let width = Double(image.width) * 72 / dpi, height = Double(image.height) * 72 / dpi
        let grey = image.depth == 8
        let drawing = Data(String(format: "q %.2f 0 0 %.2f 0 0 cm /Im0 Do Q", width, height).utf8)
        var pdf = Data("%PDF-1.4\n".utf8)
        var offsets: [Int] = []
        func object(_ header: String, stream: Data? = nil) {
            offsets.append(pdf.count)
            pdf.append(Data("\(offsets.count) 0 obj\n\(header)\n".utf8))
            if let stream {
                pdf.append(Data("stream\n".utf8))
                pdf.append(stream)
                pdf.append(Data("\nendstream\n".utf8))
            }
            pdf.append(Data("endobj\n".utf8))
        }
        object("<< /Type /Catalog /Pages 2 0 R >>")
        object("<< /Type /Pages /Kids [3 0 R] /Count 1 >>")
        object(String(format: "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 %.2f %.2f] /Resources << /XObject << /Im0 4 0 R >> >> /Contents 5 0 R >>", width, height))
        object("<< /Type /XObject /Subtype /Image /Width \(image.width) /Height \(image.height) /ColorSpace /\(grey ? "DeviceGray" : "DeviceRGB") /BitsPerComponent 8 /Filter /DCTDecode /Length \(jpeg.count) >>", stream: jpeg)
        object("<< /Length \(drawing.count) >>", stream: drawing)
        let xref = pdf.count
        var table = "xref\n0 \(offsets.count + 1)\n0000000000 65535 f \n"
        for offset in offsets { table += String(format: "%010d 00000 n \n", offset) }
        table += "trailer\n<< /Size \(offsets.count + 1) /Root 1 0 R >>\nstartxref\n\(xref)\n%%EOF\n"
        pdf.append(Data(table.utf8))
        let target = file("\(name).pdf")
        try pdf.write(to: target)
        return try Ingestor().read(target)
    }
}
