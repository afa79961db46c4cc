import Extraction
import RebutCore
import Testing

private func isoDay(_ text: String) -> LocalDate { LocalDate(iso8601: text)! }

@Suite struct BillingPeriodTests {
    @Test func spanishLabelWithFullDates() {
        let lines = ["ENDESA ENERGIA S.A.U.", "Fecha de emisión: 14/03/2025",
                     "Periodo de facturación: del 10/01/2025 al 11/03/2025", "TOTAL 61,20 €"]
        #expect(BillingPeriodExtractor.find(in: lines, issueDate: isoDay("2025-03-14"))
                == BillingPeriod(start: isoDay("2025-01-10"), end: isoDay("2025-03-11")))
    }

    @Test func englishLabelWithMonthNamesAndTheDatesOnTheNextLine() {
        let lines = ["Octopus Energy", "Billing period", "10 Jan 2025 - 11 Mar 2025", "Total due £84.10"]
        #expect(BillingPeriodExtractor.find(in: lines, issueDate: isoDay("2025-03-15"))
                == BillingPeriod(start: isoDay("2025-01-10"), end: isoDay("2025-03-11")))
    }

    @Test func dayMonthRangeTakesItsYearsFromTheIssueDateAcrossNewYear() {
        // 10 December to 11 February, issued 20 February 2025: the start is in 2024.
        let lines = ["Aigües de Barcelona", "Període de facturació 10/12–11/02", "Import 38,80"]
        #expect(BillingPeriodExtractor.find(in: lines, issueDate: isoDay("2025-02-20"))
                == BillingPeriod(start: isoDay("2024-12-10"), end: isoDay("2025-02-11")))
        // Unlabelled, alone on its line, as the issue shows it.
        #expect(BillingPeriodExtractor.find(in: ["Movistar", "10/01–11/03", "TOTAL 30,00"], issueDate: isoDay("2025-03-20"))
                == BillingPeriod(start: isoDay("2025-01-10"), end: isoDay("2025-03-11")))
    }

    @Test func monthNamesWithTheYearPrintedOnceOrNotAtAll() {
        let spanish = ["Iberdrola", "Periodo de facturación: del 10 de diciembre al 11 de febrero de 2025"]
        #expect(BillingPeriodExtractor.find(in: spanish, issueDate: isoDay("2025-02-20"))
                == BillingPeriod(start: isoDay("2024-12-10"), end: isoDay("2025-02-11")))
        let catalan = ["Període de facturació: 10 de gener - 11 de març"]
        #expect(BillingPeriodExtractor.find(in: catalan, issueDate: isoDay("2025-03-20"))
                == BillingPeriod(start: isoDay("2025-01-10"), end: isoDay("2025-03-11")))
    }

    @Test func monthFirstOnlyWhenDayFirstIsImpossible() {
        let lines = ["Billing period: 01/15/2025 to 02/14/2025"]
        #expect(BillingPeriodExtractor.find(in: lines, issueDate: isoDay("2025-02-20"))
                == BillingPeriod(start: isoDay("2025-01-15"), end: isoDay("2025-02-14")))
    }

    @Test func oddTextFindsNothingAndNeverTraps() {
        let odd = ["", "٣/٤–٥/٦", "99/99–99/99", "Billing period", "Billing period: 31/02/2025 - 30/02/2025",
                   "PERIODO DE FACTURACION 00/00/0000 AL 00/00/0000", String(repeating: "1/1-", count: 500),
                   "Periodo de facturación: 12 de nada al 14 de nada"]
        for line in odd {
            #expect(BillingPeriodExtractor.find(in: [line], issueDate: isoDay("2025-03-01")) == nil, "\(line)")
        }
        // Full dates are taken as printed, even a year billed in advance.
        #expect(BillingPeriodExtractor.find(in: ["Billing period: 01/01/2025 - 31/12/2025"], issueDate: isoDay("2025-03-01"))
                == BillingPeriod(start: isoDay("2025-01-01"), end: isoDay("2025-12-31")))
    }

    @Test func aReceiptWithoutAPeriodHasNone() {
        let lines = ["FORN SANT JOAN", "12/03/2025 09:14", "2 x croissant 3,00", "TOTAL 3,00"]
        #expect(BillingPeriodExtractor.find(in: lines, issueDate: isoDay("2025-03-12")) == nil)
        // A day/month range needs the issue date to place it in a year.
        #expect(BillingPeriodExtractor.find(in: ["10/01–11/03"], issueDate: nil) == nil)
    }
}
