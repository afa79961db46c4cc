extension LanguageKeywords {
    /// Malay words on Malaysian receipts, which are mostly English with these mixed in.
    static let malay = LanguageKeywords(
        code: "msa",
        finalTotal: ["JUMLAH BESAR", "JUMLAH BAYARAN", "JUMLAH PERLU DIBAYAR"],
        total: ["JUMLAH"],
        subtotal: ["JUMLAH KECIL"],
        tax: ["CUKAI"],
        tendered: ["BAYARAN", "DIBAYAR"],
        cash: ["TUNAI"],
        change: ["BAKI", "WANG BAKI"],
        rounding: ["PELARASAN"],
        quantity: ["KUANTITI", "BIL"],
        discount: ["DISKAUN", "POTONGAN"],
        dateLabels: ["TARIKH"],
        documentTitles: ["INVOIS", "INVOIS CUKAI", "RESIT", "TERIMA KASIH", "SELAMAT DATANG"],
        buyerLabels: ["DIJUAL KEPADA", "NAMA PELANGGAN", "BIL KEPADA"],
        addressWords: ["JALAN", "JLN", "TAMAN", "TMN", "LORONG", "LOT", "KAMPUNG", "KG", "BANDAR", "PERSIARAN",
                       "WISMA", "KOMPLEKS", "KAWASAN", "PERINDUSTRIAN", "LEBUH", "NO.", "LRG", "SEKSYEN", "DARUL",
                       "SELANGOR", "JOHOR", "KUALA LUMPUR", "PULAU PINANG", "PERAK", "PAHANG", "MELAKA", "SABAH",
                       "SARAWAK", "KEDAH", "KELANTAN", "TERENGGANU", "NEGERI SEMBILAN", "PERLIS", "PUTRAJAYA"],
        businessWords: ["RESTORAN", "PASARAYA", "PASAR", "KEDAI RUNCIT", "KOPITIAM"],
        months: ["JAN": 1, "JANUARI": 1, "FEB": 2, "FEBRUARI": 2, "MAC": 3, "APR": 4, "APRIL": 4, "MEI": 5,
                 "JUN": 6, "JUL": 7, "JULAI": 7, "OGO": 8, "OGOS": 8, "SEP": 9, "SEPT": 9, "SEPTEMBER": 9,
                 "OKT": 10, "OKTOBER": 10, "NOV": 11, "NOVEMBER": 11, "DIS": 12, "DISEMBER": 12],
        likelyCurrency: "MYR"
    )
}
