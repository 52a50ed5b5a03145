let `class` = `default` + `some name` + `$x`
let $0a = $0 + $12 + $foo + a$b + _$x + $
let café = 变量 + 😀 + a̐ + x´
let _ = _x + __ + _1
let self_ = self + Self.self + super.init()
import Foundation
func f(_ x: inout Int) async throws -> some P where T: Q {}
@available(*, unavailable) @objc(foo:) @MainActor @propertyWrapper
@ attr
#if os(Linux) && !DEBUG
#elseif swift(>=5.9)
#else
#endif
#selector(foo) #file #line #column #function #dsohandle #warning("x") #error("y")
#sourceLocation(file: "a", line: 1)
#sourceLocation()
if #available(macOS 10.15, *) {} else if #unavailable(iOS 13) {}
#externalMacro(module: "M", type: "T")
# if
##if
let x = a?.b!.c ?? d!
let y = a ? b : c
let z = a! == b? ? 1 : 2
let w = &x + !y + -z + ~v
let v = a..<b + a... + ...b + .a
let u = x <=> y ∪ z ⊕ w ≤ v √w
let t = a.+.b ... .+ c
let s = a+/* c */b - a//c
let r = a -> b => c
let q = [a]?.b
let p = x!= y
let o = a!=b
let n = x?.y?.z
let m = (a, b); [c]; {d}
let l = a >>= b &+ c &<< d
let k = Array<Array<Int>>() + Dictionary<String,Array<Int>>.self
