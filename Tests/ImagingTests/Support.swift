import Foundation
import RebutTestSupport
import Imaging
import Ingest

/// Text that looks like a receipt, for skew and scale tests.
let receiptLines = [
    "CAFE DEL MAR SL",
    "C/ MAJOR 12, 08001 BARCELONA",
    "2 CAFE CON LECHE        3.20",
    "1 CROISSANT             1.80",
    "1 ZUMO NARANJA          2.50",
    "IVA 10%                 0.68",
    "TOTAL EUR               7.50",
    "TARJETA VISA ****1234",
    "17/03/2024 09:41",
]

import CLeptonica

extension LeptonicaImage {
    /// Scales each column's grey values so white becomes `from` at the left edge and `to` at
    /// the right, the way light falls off across a photographed page.
    func shadedLeftToRight(from left: Int, to right: Int) -> LeptonicaImage? {
        guard depth == 8 else { return nil }
        for x in 0..<width {
            let white = Double(left) + Double(right - left) * Double(x) / Double(max(1, width - 1))
            for y in 0..<height {
                var value: UInt32 = 0
                pixGetPixel(pointer, Int32(x), Int32(y), &value)
                pixSetPixel(pointer, Int32(x), Int32(y), UInt32(Double(value) * white / 255))
            }
        }
        return self
    }
}
