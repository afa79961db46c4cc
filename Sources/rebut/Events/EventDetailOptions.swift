import ArgumentParser
import Foundation
import RebutCore
import RnDDeduction
import Store

extension ProjectType: ExpressibleByArgument {}
extension CostType: ExpressibleByArgument {}

/// An exact amount typed on the command line ("420", "420.00", "420,00"); never a Double.
struct MoneyArgument: ExpressibleByArgument {
    var amount: Decimal
    init?(argument: String) {
        guard let amount = MoneyFormat.parse(argument.replacingOccurrences(of: ",", with: ".")) else { return nil }
        self.amount = amount
    }
}

/// `--previous-rd 2023:48000`: the company's R&D spending in a previous year.
struct PriorSpendingArgument: ExpressibleByArgument {
    var year: Int
    var amount: Decimal
    init?(argument: String) {
        let parts = argument.split(separator: ":", maxSplits: 1).map(String.init)
        guard parts.count == 2, parts[0].count == 4, let year = Int(parts[0]),
              let money = MoneyArgument(argument: parts[1]), money.amount >= 0 else { return nil }
        (self.year, self.amount) = (year, money.amount)
    }
}

/// The options of a flat (`--kind property`) and of a project (`--kind project`), shared by
/// `events create` and `events edit`. `none` clears a text value.
struct EventDetailOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("Flat: tourist-tax zone (see `rebut tax-rates list`).", valueName: "zone"))
    var zone: String?
    @Option(name: .long, help: "Flat: street address.") var address: String?
    @Option(name: .long, help: "Flat: town.") var town: String?
    @Option(name: .customLong("project-type"), help: "Project: rd (R&D) or it (technological innovation).")
    var projectType: ProjectType?
    @Option(name: .customLong("fiscal-year"), help: "Project: the fiscal year it is costed for.") var fiscalYear: Int?
    @Option(name: .long, help: ArgumentHelp("Project: subsidies received for it.", valueName: "amount"))
    var subsidies: MoneyArgument?
    @Option(name: .customLong("previous-rd"), help: ArgumentHelp(
        "Project (R&D): R&D spending of a previous year, YEAR:AMOUNT; repeat for both years.", valueName: "year:amount"))
    var previousRD: [PriorSpendingArgument] = []

    var touchesProperty: Bool { zone != nil || address != nil || town != nil }
    var touchesProject: Bool { projectType != nil || fiscalYear != nil || subsidies != nil || !previousRD.isEmpty }

    func validate() throws {
        if let fiscalYear, !(1990...2200).contains(fiscalYear) { throw ValidationError("--fiscal-year \(fiscalYear) is not a plausible year") }
        if let subsidies, subsidies.amount < 0 { throw ValidationError("--subsidies cannot be negative") }
        if Set(previousRD.map(\.year)).count != previousRD.count { throw ValidationError("--previous-rd names a year twice") }
    }

    /// The flat's details after these options, or nil when none was given.
    func property(updating old: PropertyDetails?) -> PropertyDetails? {
        guard touchesProperty else { return nil }
        func value(_ given: String?, _ old: String?) -> String? {
            guard let given else { return old }
            return given.lowercased() == "none" ? nil : given
        }
        return PropertyDetails(zone: value(zone, old?.zone), address: value(address, old?.address), town: value(town, old?.town))
    }

    func project(updating old: ProjectDetails?) -> ProjectDetails? {
        guard touchesProject else { return nil }
        var details = old ?? ProjectDetails()
        if let projectType { details.type = projectType }
        if let fiscalYear { details.fiscalYear = fiscalYear }
        if let subsidies { details.subsidies = subsidies.amount }
        for prior in previousRD { details.priorSpending[prior.year] = prior.amount }
        return details
    }

    /// Flat options on a project (or the other way round) are a usage mistake worth naming.
    func mismatch(for kind: EventKind) -> String? {
        if touchesProperty && kind != .property { return "--zone, --address and --town are for flats (--kind property)" }
        if touchesProject && kind != .project { return "--project-type, --fiscal-year, --subsidies and --previous-rd are for projects (--kind project)" }
        return nil
    }
}

enum EventDetailsText {
    /// "zone 1 · C/ Verdi 12, 2B · Barcelona" or "R&D · fiscal year 2025 · subsidies 20000.00 · …", nil for other kinds.
    static func line(_ event: Event, in store: ExpenseStore) throws -> String? {
        switch event.kind {
        case .property:
            guard let d = try store.propertyDetails(eventId: event.id!) else { return "  tourist-tax zone not set" }
            return "  " + ["tourist-tax zone \(d.zone ?? "not set")", d.address, d.town].compactMap { $0 }.joined(separator: " · ")
        case .project:
            guard let d = try store.projectDetails(eventId: event.id!) else { return "  project type not set" }
            var parts = [d.type?.title ?? "type not set", d.fiscalYear.map { "fiscal year \($0)" } ?? "no fiscal year"]
            if let subsidies = d.subsidies { parts.append("subsidies \(MoneyFormat.canonical(subsidies))") }
            for (year, amount) in d.priorSpending.sorted(by: { $0.key < $1.key }) {
                parts.append("R&D \(year) \(MoneyFormat.canonical(amount))")
            }
            return "  " + parts.joined(separator: " · ")
        case .trip, .other:
            return nil
        }
    }

    /// A zone without any rate gives no tourist tax: say so when it is set, not at report time.
    static func warnIfZoneHasNoRate(_ zone: String?, in store: ExpenseStore) {
        guard let zone, zone.lowercased() != "none",
              let zones = try? Set(store.touristTaxRates().map(\.zone)), !zones.contains(zone) else { return }
        printError("rebut: note: zone \(zone) has no tourist-tax rate yet (zones: \(zones.sorted().joined(separator: ", "))); "
                   + "add one with `rebut tax-rates set \(zone) --from YYYY-MM-DD --rate 0.00`")
    }
}

/// A flat's or project's details in `events show --json`; keys of the other kind are left out.
struct EventDetailsJSON: Encodable {
    var zone: String?
    var address: String?
    var town: String?
    var projectType: String?
    var fiscalYear: Int?
    var subsidies: String?
    var previousRD: [String: String]?

    static func of(_ event: Event, in store: ExpenseStore) throws -> EventDetailsJSON? {
        switch event.kind {
        case .property:
            let d = try store.propertyDetails(eventId: event.id!)
            return EventDetailsJSON(zone: d?.zone, address: d?.address, town: d?.town)
        case .project:
            let d = try store.projectDetails(eventId: event.id!)
            return EventDetailsJSON(projectType: d?.type?.rawValue, fiscalYear: d?.fiscalYear,
                                    subsidies: d?.subsidies.map { MoneyFormat.canonical($0) },
                                    previousRD: d.map { Dictionary(uniqueKeysWithValues: $0.priorSpending.map {
                                        (String($0.key), MoneyFormat.canonical($0.value)) }) })
        case .trip, .other:
            return nil
        }
    }
}
