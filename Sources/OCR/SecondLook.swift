import Foundation
import Imaging

/// A reading that found almost nothing gets a second look before the receipt is given up:
/// turned (a sideways or upside-down photo reads as a few low-confidence fragments), then with
/// its strokes thickened (dot-matrix and hairline thermal print, whose dots Tesseract reads as
/// noise), then with its contrast stretched (faded thermal paper a person still reads). Only
/// poor readings pay for it, so a good scan costs one pass as before, and a good reading is
/// never second-guessed (the ink-profile test alone turned some upright scans with dark borders
/// on sroie).
enum SecondLook {
    /// Fewer words than this, or a mean confidence below `poorConfidence`, is a poor reading.
    /// An upright receipt reads as 50–150 words at 70–90; upside down, the same receipt gave
    /// 113 words at 40, and sideways 13 words.
    static let minimumWords = 12
    static let poorConfidence = 55.0
    /// A turned reading must beat the first by this much mean confidence to replace it.
    static let turnMargin = 15.0

    static func isPoor(_ page: OCRPage) -> Bool {
        wordCount(page) < minimumWords || page.meanConfidence < poorConfidence
    }

    static func wordCount(_ page: OCRPage) -> Int {
        page.lines.reduce(0) { $0 + $1.words.filter { $0.text.contains(where: \.isLetter) || $0.text.contains(where: \.isNumber) }.count }
    }

    /// Confident readings of money as printed ("12.50", "RM1,234.50", "12,50") that say the page
    /// stands upright: upside-down print puts the decimal point at the top of the line, where it
    /// reads as an apostrophe or not at all. None of 30 upside-down photos' first readings held
    /// one read at 50 or more; poor upright readings of halftone and dot-matrix scans held 5–8.
    static let uprightAmounts = 3
    static let amountConfidence = 50.0

    static func confidentAmounts(_ page: OCRPage) -> Int {
        MoneyWords.count(in: page, minimumConfidence: amountConfidence)
    }

    /// Fewer legible words than this in the middle third and the probe would judge by noise.
    static let probeWords = 8

    /// The middle third of a page, top to bottom: where a receipt's items are, so a probe of
    /// how a stroke weight reads there speaks for the whole.
    static func middleBand(of image: LeptonicaImage) -> LeptonicaImage? {
        let third = Int32(image.height / 3)
        return image.clipped(to: PixelRect(x: 0, y: third, width: Int32(image.width), height: third))
    }

    /// Mean confidence of the words of two letters or digits or more in the middle third of a
    /// page (or anywhere on it, for a page that is that band), and how many there are.
    static func bandConfidence(_ page: OCRPage, wholePage: Bool = false) -> (mean: Double, words: Int)? {
        let low = wholePage ? Int.min : page.height / 3, high = wholePage ? Int.max : 2 * page.height / 3
        let words = page.lines.flatMap(\.words).filter { word in
            let middle = word.box.y + word.box.height / 2
            return middle >= low && middle < high && word.text.filter { $0.isLetter || $0.isNumber }.count >= 2
        }
        guard !words.isEmpty else { return nil }
        return (words.reduce(0) { $0 + $1.confidence } / Double(words.count), words.count)
    }

    /// Evidence of legible text: the confidence mass of words with at least two letters or digits.
    static func legibility(_ page: OCRPage) -> Double {
        page.lines.reduce(0) { sum, line in
            sum + line.words.filter { $0.text.filter { $0.isLetter || $0.isNumber }.count >= 2 }
                .reduce(0) { $0 + $1.confidence }
        }
    }

    /// A turned reading replaces the best so far when it reads more legibly, and with a mean
    /// confidence `turnMargin` higher. Not the margin where the best so far holds fewer than
    /// `minimumWords` words: a mean of one or two fragments says nothing, and a sideways page
    /// read as one word at 50 kept it over its upright reading of 100 words at 64.
    static func beats(_ turned: OCRPage, _ best: OCRPage) -> Bool {
        guard legibility(turned) > legibility(best) else { return false }
        return wordCount(best) < minimumWords || turned.meanConfidence >= best.meanConfidence + turnMargin
    }

    /// The better of the first reading and the second looks, with the image it was read from.
    /// `uprightTurns`: Tesseract's orientation detection, tried first when it has an answer.
    /// `turn`: the image turned by quarter turns, ready to read; after a quarter turn the pool
    /// straightens and sizes the located receipt again (`ReceiptCleaner.turned`), since both had
    /// measured it along lines that ran down the page.
    /// `thickened`: the located receipt finished again with the other stroke weight, turned by the
    /// given quarter turns: thickened before sizing (`CleaningOptions.thickenInk`), or as printed
    /// where the first reading was of dotted print thickened (`ReceiptCleaner.dottedPrint`).
    /// `asOneBlock`: `image` read as one block of text, without layout analysis.
    /// `sideways`: whether the lines run down `image`, when already measured (see
    /// `OCRWorkerPool.standingUpright`); otherwise its ink profile is measured here.
    static func improve(_ page: OCRPage, of image: LeptonicaImage, sideways known: Bool? = nil,
                        uprightTurns: (LeptonicaImage) -> Int? = { _ in nil },
                        turn: (LeptonicaImage, Int) -> LeptonicaImage?,
                        thickened: (Int) -> LeptonicaImage? = { _ in nil },
                        asOneBlock: ((LeptonicaImage) throws -> OCRPage)? = nil,
                        read: (LeptonicaImage) throws -> OCRPage) throws -> (OCRPage, LeptonicaImage) {
        guard isPoor(page) else { return (page, image) }
        // Ink spread evenly, without lines of print either way (sensor noise, a textured surface
        // and no slip): no turn, stroke weight or contrast finds text there, and each look is a
        // whole reading of thousands of specks (a 12 MP page of noise: 5 s each, 27 s in all).
        let profile = TextDirection.inkProfile(image)
        guard profile?.isEvenTexture != true else { return (page, image) }
        var best = (page: page, image: image)
        // Not one word, on a page with print: Tesseract's layout analysis took the page for a
        // picture (a slip held in a hand, dark shapes around it) and read none of it, whichever
        // way up. Read as one block, the same page gives its lines, in one pass.
        if wordCount(page) == 0, let asOneBlock {
            let block = try asOneBlock(image)
            if beats(block, best.page) { best = (block, image) }
            if !isPoor(best.page) { return (best.page, best.image) }
        }
        var bestTurns = 0
        var thickenedTurns: Int? = nil
        // Dots and hairlines: on a poor reading, thickened strokes read better four times in five
        // (tune: fields 8/7/7 → 12/12/12 of 19 poor readings); on a good one they cost words, so
        // only a reading of low confidence pays the extra pass, and the better-read of the two
        // is kept. Not a short one: a small receipt read well loses its decimal points to it.
        func tryThickened() throws {
            guard best.page.meanConfidence < poorConfidence, thickenedTurns != bestTurns, let thick = thickened(bestTurns) else { return }
            thickenedTurns = bestTurns
            // A third of the page first: where thicker strokes read no better there (solid print
            // on a halftone screen), the whole pass is not made. Tune, faded, upside-down and
            // sideways sets kept every field; a halftone scan's second look went 0.78 → 0.52 s.
            if let firstBand = bandConfidence(best.page), firstBand.words >= probeWords, let band = middleBand(of: thick) {
                let probe = bandConfidence(try read(band), wholePage: true)
                if (probe?.mean ?? 0) <= firstBand.mean { return }
            }
            let again = try read(thick)
            if again.meanConfidence > best.page.meanConfidence { best = (again, thick) }
        }
        // Lines running down the page: a quarter turn either way; otherwise upside down. The
        // turn orientation detection names goes first, so a well-read turn ends the search.
        let sideways = known ?? profile?.isSideways ?? false
        // Amounts read as amounts: the print is the right way up and read along its lines, so
        // any turn would be a wasted slow pass. This outranks orientation detection and the ink
        // profile, both of which turned poor upright scans (a halftone-screened background, bold
        // print on grey paper: detection said upside down). Detection is then not asked at all:
        // with no turn to order, its answer changed nothing but cost its engine's start and a pass.
        // Asked of the best reading so far: the one-block reading of a page that read as nothing.
        let readsUpright = confidentAmounts(best.page) >= uprightAmounts
        var turns = readsUpright ? [] : sideways ? [1, 3] : [2]
        let detected = readsUpright ? nil : uprightTurns(image)
        if let detected, detected != 0 {
            turns = [detected] + turns.filter { $0 != detected }
        }
        // Upright by detection, or detection unsure and lines running across: thin print is the
        // likelier cause, and a good thickened reading saves turning it (a dot-matrix slip is read
        // large, so each turn is a slow pass). Thickening makes upright print more legible, never
        // upside-down print: on 30 upside-down photos it moved confidence by −9 to +5; on poor
        // upright dot-matrix scans by +12 to +28. A gain of half the turn margin is taken as the
        // page standing upright. Not for sideways print, which thickening can raise as much.
        var uprightByThickening = false
        if detected == 0 || (detected == nil && !sideways) {
            let before = best.page.meanConfidence
            try tryThickened()
            uprightByThickening = !sideways && best.page.meanConfidence >= before + turnMargin / 2
        }
        for quarterTurns in turns where isPoor(best.page) && !uprightByThickening {
            guard let turned = turn(image, quarterTurns) else { continue }
            let again = try read(turned)
            if beats(again, best.page) {
                best = (again, turned)
                bestTurns = quarterTurns
            }
        }
        try tryThickened()
        // Stretching contrast only where almost nothing was read: on a merely weak scan it
        // trades real words for speckle.
        if wordCount(best.page) < minimumWords, let stretched = best.image.contrastNormalized() {
            let again = try read(stretched)
            if legibility(again) > legibility(best.page) * 1.2 { best = (again, stretched) }
        }
        return (best.page, best.image)
    }
}
