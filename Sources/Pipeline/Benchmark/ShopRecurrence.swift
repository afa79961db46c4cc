import Extraction
import Foundation

/// Splits a labelled set by whether each receipt's shop is on other receipts of it too. A rule
/// fitted to a shop the tuning set holds many times scores all of that shop's receipts, so a
/// set's one-off shops are the nearer guess at receipts from shops never seen: on tune, one-off
/// shops read 77.1% all three and repeat shops 83.7%, against 55.4% on the held-back part.
///
/// The same holds for the set that checks: one shop printed 33 of the held-back part's 83
/// receipts, a layout tune never saw, and 13 of its 22 wrong totals. So the split comes with
/// the accuracy of each shop counted once, the mean of every shop's own share of right receipts.
public enum ShopRecurrence {
    public static let oneOff = "one-off shop"
    public static let repeated = "repeat shop"
    /// The row of `shopWeighted`: its receipts column counts shops.
    public static let eachShopOnce = "each shop once"

    /// The group of each sample's name. Captures of one receipt (a wild set's photo, page and HEIC
    /// of it) are one receipt: a shop repeats only on another receipt.
    public static func groups(_ samples: [LabelledDataset.Sample]) -> [String: String] {
        let shops = shopKeys(samples)
        let receipts = receiptsByShop(samples, shops: shops)
        var groups: [String: String] = [:]
        for sample in samples {
            groups[sample.name] = (receipts[shops[sample.name] ?? ""]?.count ?? 0) > 1 ? repeated : oneOff
        }
        return groups
    }

    /// Accuracy of the one-off and the repeat shops, then of every shop counted once; nil unless
    /// the set holds both one-off and repeat shops (a set of captures of one receipt each, or with
    /// no vendor truths, says nothing by shop).
    public static func accuracy(_ scores: [AccuracyScore.ReceiptScore], samples: [LabelledDataset.Sample]) -> VariantAccuracy? {
        let groups = groups(samples)
        guard Set(groups.values).count == 2 else { return nil }
        var split = VariantAccuracy(scores, variantOf: { groups[$0] }, order: [oneOff, repeated])
        if let weighted = shopWeighted(scores, samples: samples) { split.rows.append(weighted) }
        return split
    }

    /// Every shop weighing the same however many receipts it printed: each field's share of right
    /// receipts within each shop, averaged over the shops. `receipts` is the number of shops.
    public static func shopWeighted(_ scores: [AccuracyScore.ReceiptScore], samples: [LabelledDataset.Sample]) -> VariantAccuracy.Row? {
        let shops = shopKeys(samples)
        var byShop: [String: [AccuracyScore.ReceiptScore]] = [:]
        for score in scores { if let shop = shops[score.name] { byShop[shop, default: []].append(score) } }
        guard !byShop.isEmpty else { return nil }
        func mean(_ right: (AccuracyScore.ReceiptScore) -> Bool) -> Double {
            byShop.values.map { group in Double(group.filter(right).count) / Double(group.count) }
                .reduce(0, +) / Double(byShop.count)
        }
        return VariantAccuracy.Row(variant: eachShopOnce, receipts: byShop.count, total: mean(\.total), date: mean(\.date),
                                   vendor: mean(\.vendorSimilar), allThree: mean(\.allThree))
    }

    /// "largest shop: 33 of 83 receipts (39.8%)": how far one shop's layout can sway the set.
    public static func largestShopLine(_ samples: [LabelledDataset.Sample]) -> String? {
        let receipts = receiptsByShop(samples, shops: shopKeys(samples))
        let all = Set(samples.map(receipt)).count
        guard all > 0, let largest = receipts.values.map(\.count).max() else { return nil }
        return String(format: "largest shop: %d of %d receipts (%.1f%%), %d shops", largest, all,
                      100 * Double(largest) / Double(all), receipts.count)
    }

    /// The receipts (not captures) of each shop, by `shopKeys`.
    static func receiptsByShop(_ samples: [LabelledDataset.Sample], shops: [String: String]) -> [String: Set<String>] {
        var receipts: [String: Set<String>] = [:]
        for sample in samples { receipts[shops[sample.name] ?? "", default: []].insert(receipt(sample)) }
        return receipts
    }

    /// Each sample's shop; a receipt without a vendor truth is a shop of its own.
    static func shopKeys(_ samples: [LabelledDataset.Sample]) -> [String: String] {
        Dictionary(samples.map { sample in
            let name = shop(sample)
            return (sample.name, name.isEmpty ? "receipt " + receipt(sample) : name)
        }, uniquingKeysWith: { first, _ in first })
    }

    /// The truth's vendor as the exact-vendor score compares it (letters and digits, upper-cased):
    /// "Mr. D.I.Y. (M) Sdn Bhd" and "MR D.I.Y. (M) SDN BHD" are one shop.
    static func shop(_ sample: LabelledDataset.Sample) -> String {
        TextSimilarity.normalisedKey(sample.truth.company ?? "")
    }

    /// The receipt a capture was made of: its name without the variant's suffix.
    static func receipt(_ sample: LabelledDataset.Sample) -> String {
        guard let variant = sample.variant, sample.name.hasSuffix("-" + variant) else { return sample.name }
        return String(sample.name.dropLast(variant.count + 1))
    }
}
