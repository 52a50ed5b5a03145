extension String {
    /// Padded with leading zeros to `width` characters: `"F".leftPadded(to: 2)` is `"0F"`.
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
