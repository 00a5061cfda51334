/// One metadata word a task line may carry (FORMAT.md §3.1): the one list that the parser's messages, the
/// language server's completion and the documentation agree on.
public struct MetadataKey: Hashable, Sendable {
    /// The key as written after `@`, such as `due`.
    public let name: String
    /// Whether it takes a value after `:` (`@due:2026-11-30`); flags (`@carry`) do not.
    public let takesValue: Bool
    /// Whether its value is a date (or starts with one, as `@on:DATE/region` does).
    public let takesDate: Bool
    /// One line on what it does.
    public let summary: String

    /// Every key's name, for the parser to compare bytes with (the names of `all`, in its order).
    static let names: [StaticString] = ["carry", "sticky", "every", "on", "due", "expires", "from", "expired"]

    /// Every key, in canonical order.
    public static let all: [MetadataKey] = [
        MetadataKey(name: "carry", takesValue: false, takesDate: false,
                    summary: "If unfinished at rollover, the task comes back the next day in the same region and bucket instead of going to the Backlog."),
        MetadataKey(name: "sticky", takesValue: false, takesDate: false,
                    summary: "Rollover places the task at the top of its bucket among what it adds to a region."),
        MetadataKey(name: "every", takesValue: true, takesDate: false,
                    summary: "In the routines file: the days rollover adds the task on (day, weekday, weekend, mon,wed,fri, month:1, month:last, week:2/YYYY-MM-DD, yearly:MM-DD)."),
        MetadataKey(name: "on", takesValue: true, takesDate: true,
                    summary: "A Backlog task scheduled for this day: that day's rollover places it (in the region after `/`, or at the Backlog's top)."),
        MetadataKey(name: "due", takesValue: true, takesDate: true,
                    summary: "A deadline: never drops the task; on and after this day, an open task is overdue."),
        MetadataKey(name: "expires", takesValue: true, takesDate: true,
                    summary: "A task still open after this day is dropped at rollover instead of going forward."),
        MetadataKey(name: "from", takesValue: true, takesDate: true,
                    summary: "The day the task was planned for before rollover deferred it to the Backlog (rollover sets it)."),
        MetadataKey(name: "expired", takesValue: false, takesDate: false,
                    summary: "Set by rollover on a task it dropped because its expiry passed."),
    ]
}
