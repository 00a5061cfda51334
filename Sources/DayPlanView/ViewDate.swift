import DayPlan

/// A day as the view's `s` and `d` prompts take it: what `--date` takes (`today`, `yesterday`, `tomorrow`,
/// `YYYY-MM-DD`) and a weekday (`mon` … `sun`, or its whole name: the next such day after today).
public enum ViewDate {
    /// The day `text` names, counted from `today`; nil when it names none.
    public static func day(_ text: String, today: Day) -> Day? {
        let word = text.lowercased().trimmingSpaces
        switch word {
        case "today": return today
        case "yesterday": return today.adding(days: -1)
        case "tomorrow": return today.adding(days: 1)
        default: break
        }
        if let day = Day(word) { return day }
        for weekday in Weekday.allCases where word.count >= 3 && weekday.name.lowercased().hasPrefix(word) {
            let ahead = (weekday.rawValue - Weekday(of: today).rawValue + 7) % 7
            return today.adding(days: ahead == 0 ? 7 : ahead)
        }
        return nil
    }

    /// What the prompts say to a word that names no day.
    public static func problem(_ text: String) -> String {
        "'\(text)' is not a day; write today, tomorrow, a weekday (mon … sun) or YYYY-MM-DD; nothing changed"
    }
}

extension String {
    /// The text without spaces at either end.
    var trimmingSpaces: String {
        var text = Substring(self)
        while text.first == " " { text.removeFirst() }
        while text.last == " " { text.removeLast() }
        return String(text)
    }
}
