// Already aligned, with a BOM and CRLF line endings: --fix inserts only the directive, after
// the BOM and ending in CRLF.
@Machine
enum Bell {
    enum S { case quiet, ringing }
    enum A { case ring, hush }
    enum F { case ding }
    static let initial = S.quiet
    @Row(.quiet)   static let q = [ .go(.ringing, [.ding]), .ignore ]
    @Row(.ringing) static let r = [ .ignore,                .go(.quiet) ]
}
