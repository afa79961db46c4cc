import Foundation
import RebutTestSupport
import Imaging
import Ingest

/// Small receipts with different content, so a mixed-up result between workers would show.
let sampleReceipts: [[String]] = [
    ["CAFE DEL MAR", "2 CAFE CON LECHE 3.20", "TOTAL 7.50", "17/03/2024"],
    ["HOTEL MIRAMAR", "2 NIGHTS 180.00", "CITY TAX 4.40", "TOTAL 184.40"],
    ["TAXI BARCELONA", "AIRPORT TRANSFER", "TOTAL 39.00", "02/05/2024"],
    ["FARMACIA CENTRAL", "IBUPROFENO 4.95", "TOTAL 4.95", "11/06/2024"],
    ["LIBRERIA ONA", "2 BOOKS 31.90", "TOTAL 31.90", "20/07/2024"],
    ["GASOLINERA REPSOL", "DIESEL 52.10", "TOTAL 52.10", "03/08/2024"],
]

