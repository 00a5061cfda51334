/// Numbers elements: equal elements get the same number, in order of first sight (0, 1, 2, …).
///
/// The first few are found by comparing them one by one, and a hash table takes over past `linearLimit`:
/// most of what a merge numbers (front matter, free text, a region's blank lines) is a handful of elements.
struct Numbering<Element: Hashable> {
    /// The elements numbered so far, by number.
    private(set) var elements: [Element] = []
    private var table: [Element: Int]?

    /// How many elements are compared one by one before a hash table is made.
    static var linearLimit: Int { 32 }

    /// The number of `element`, given on first sight.
    mutating func number(_ element: Element) -> Int {
        if let found = self[element] { return found }
        let number = elements.count
        elements.append(element)
        if table != nil {
            table?[element] = number
        } else if elements.count > Self.linearLimit {
            table = Dictionary(uniqueKeysWithValues: zip(elements, elements.indices))
        }
        return number
    }

    /// The number of `element`, if it has one.
    subscript(_ element: Element) -> Int? {
        if let table { return table[element] }
        return elements.firstIndex(of: element)
    }
}
