import ArgumentParser

struct VendorsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "vendors",
        abstract: "See and tidy the vendors Rebut has learned from your receipts.",
        discussion: """
        Every receipt filed teaches Rebut its vendor: the spellings OCR made of the name, its \
        registration, tax and phone numbers, its address lines, and its usual currency, total \
        line and category. A later receipt that matches by name (OCR's confusable characters \
        such as 0/O, 5/S, rn/m counted as one), by one of those numbers or by its address line \
        is filed under the known name. A vendor you set with `rebut receipts set` or in \
        `rebut review` counts more, and is used from the very next receipt on.

        Examples:
          rebut vendors list
          rebut vendors show "MERCADONA S.A."
          rebut vendors merge "MERCAD0NA 5.A." "MERCADONA S.A."
          rebut vendors rename "Mr Diy" "MR. D.I.Y. (M) SDN BHD"
        """,
        subcommands: [VendorsList.self, VendorsShow.self, VendorsMerge.self, VendorsRename.self],
        defaultSubcommand: VendorsList.self)
}
