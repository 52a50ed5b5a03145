let p = <#placeholder#> + <#T##Int#>
let k = \Foo.bar.baz + \.count + \[Int].count
let c = #colorLiteral(red: 1, green: 0, blue: 0, alpha: 1)
let s = 'abc' + 'x
let n = a b
let z = a‿b + x∘y + α + Ωmega + ﬁ
let e = 👍🏽 + 👨‍👩‍👧 + 🇫🇷
let d = a.b?.c!.d
let r = a...b + a..<b + ...c + a... + a ..< b
let op = a .+. b + a.+b
let w = x as? Int ?? y as! Int
let l = { [weak self] (a: Int) async throws -> Void in }
let t = (a: 1, b: 2).0
let u = [1: "a", 2: "b"]
let g = f<Int>(x) + f < g > (h)
let h = x ?? -1
let i = -x + (-1) + !y && z || w
let j = a&+b &* c &>> d
prefix operator √
infix operator ⊕: AdditionPrecedence
let m = √x ⊕ y
let q = x⁺ + y₁
@ attr func f() {}
@`attr` func g() {}
