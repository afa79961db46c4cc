import ArgumentParser

struct TokensCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tokens",
        abstract: "Manage bearer tokens for the web API (rebut serve).",
        discussion: """
        A token is shown once, when it is made; the store keeps only its SHA-256. Send it as \
        `Authorization: Bearer TOKEN`. A revoked token is refused at once.

        Examples:
          rebut tokens create "phone shortcut"
          rebut tokens list
          rebut tokens revoke 2
          curl -H "Authorization: Bearer rbt_…" http://127.0.0.1:8080/api/v1/events
        """,
        subcommands: [TokensCreate.self, TokensList.self, TokensRevoke.self],
        defaultSubcommand: TokensList.self)
}
