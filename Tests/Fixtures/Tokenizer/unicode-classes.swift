// U+00A0
x = a b +  c + + + + d 
// U+00A1
x = a¡b + ¡c + +¡+ + d¡
// U+00A7
x = a§b + §c + +§+ + d§
// U+00A8
x = a¨b + ¨c + +¨+ + d¨
// U+00A9
x = a©b + ©c + +©+ + d©
// U+00AA
x = aªb + ªc + +ª+ + dª
// U+00AB
x = a«b + «c + +«+ + d«
// U+00AC
x = a¬b + ¬c + +¬+ + d¬
// U+00AD
x = a­b + ­c + +­+ + d­
// U+00AE
x = a®b + ®c + +®+ + d®
// U+00AF
x = a¯b + ¯c + +¯+ + d¯
// U+00B0
x = a°b + °c + +°+ + d°
// U+00B1
x = a±b + ±c + +±+ + d±
// U+00B2
x = a²b + ²c + +²+ + d²
// U+00B5
x = aµb + µc + +µ+ + dµ
// U+00B6
x = a¶b + ¶c + +¶+ + d¶
// U+00B7
x = a·b + ·c + +·+ + d·
// U+00BA
x = aºb + ºc + +º+ + dº
// U+00BB
x = a»b + »c + +»+ + d»
// U+00BC
x = a¼b + ¼c + +¼+ + d¼
// U+00BE
x = a¾b + ¾c + +¾+ + d¾
// U+00BF
x = a¿b + ¿c + +¿+ + d¿
// U+00C0
x = aÀb + Àc + +À+ + dÀ
// U+00D6
x = aÖb + Öc + +Ö+ + dÖ
// U+00D7
x = a×b + ×c + +×+ + d×
// U+00D8
x = aØb + Øc + +Ø+ + dØ
// U+00F6
x = aöb + öc + +ö+ + dö
// U+00F7
x = a÷b + ÷c + +÷+ + d÷
// U+00F8
x = aøb + øc + +ø+ + dø
// U+00FF
x = aÿb + ÿc + +ÿ+ + dÿ
// U+0100
x = aĀb + Āc + +Ā+ + dĀ
// U+02FF
x = a˿b + ˿c + +˿+ + d˿
// U+0300
x = àb + ̀c + +̀+ + d̀
// U+036F
x = aͯb + ͯc + +ͯ+ + dͯ
// U+0370
x = aͰb + Ͱc + +Ͱ+ + dͰ
// U+167F
x = aᙿb + ᙿc + +ᙿ+ + dᙿ
// U+1680
x = a b +  c + + + + d 
// U+1681
x = aᚁb + ᚁc + +ᚁ+ + dᚁ
// U+180D
x = a᠍b + ᠍c + +᠍+ + d᠍
// U+180E
x = a᠎b + ᠎c + +᠎+ + d᠎
// U+180F
x = a᠏b + ᠏c + +᠏+ + d᠏
// U+1DBF
x = aᶿb + ᶿc + +ᶿ+ + dᶿ
// U+1DC0
x = a᷀b + ᷀c + +᷀+ + d᷀
// U+1DFF
x = a᷿b + ᷿c + +᷿+ + d᷿
// U+1E00
x = aḀb + Ḁc + +Ḁ+ + dḀ
// U+1FFF
x = a῿b + ῿c + +῿+ + d῿
// U+2000
x = a b +  c + + + + d 
// U+200A
x = a b +  c + + + + d 
// U+200B
x = a​b + ​c + +​+ + d​
// U+200D
x = a‍b + ‍c + +‍+ + d‍
// U+200E
x = a‎b + ‎c + +‎+ + d‎
// U+2015
x = a―b + ―c + +―+ + d―
// U+2016
x = a‖b + ‖c + +‖+ + d‖
// U+2017
x = a‗b + ‗c + +‗+ + d‗
// U+2018
x = a‘b + ‘c + +‘+ + d‘
// U+201F
x = a‟b + ‟c + +‟+ + d‟
// U+2020
x = a†b + †c + +†+ + d†
// U+2027
x = a‧b + ‧c + +‧+ + d‧
// U+202A
x = a‪b + ‪c + +‪+ + d‪
// U+202E
x = a‮b + ‮c + +‮+ + d‮
// U+202F
x = a b +  c + + + + d 
// U+2030
x = a‰b + ‰c + +‰+ + d‰
// U+203E
x = a‾b + ‾c + +‾+ + d‾
// U+203F
x = a‿b + ‿c + +‿+ + d‿
// U+2040
x = a⁀b + ⁀c + +⁀+ + d⁀
// U+2041
x = a⁁b + ⁁c + +⁁+ + d⁁
// U+2053
x = a⁓b + ⁓c + +⁓+ + d⁓
// U+2054
x = a⁔b + ⁔c + +⁔+ + d⁔
// U+2055
x = a⁕b + ⁕c + +⁕+ + d⁕
// U+205E
x = a⁞b + ⁞c + +⁞+ + d⁞
// U+205F
x = a b +  c + + + + d 
// U+2060
x = a⁠b + ⁠c + +⁠+ + d⁠
// U+206F
x = a⁯b + ⁯c + +⁯+ + d⁯
// U+2070
x = a⁰b + ⁰c + +⁰+ + d⁰
// U+20CF
x = a⃏b + ⃏c + +⃏+ + d⃏
// U+20D0
x = a⃐b + ⃐c + +⃐+ + d⃐
// U+20FF
x = a⃿b + ⃿c + +⃿+ + d⃿
// U+2100
x = a℀b + ℀c + +℀+ + d℀
// U+218F
x = a↏b + ↏c + +↏+ + d↏
// U+2190
x = a←b + ←c + +←+ + d←
// U+23FF
x = a⏿b + ⏿c + +⏿+ + d⏿
// U+2400
x = a␀b + ␀c + +␀+ + d␀
// U+245F
x = a⑟b + ⑟c + +⑟+ + d⑟
// U+2460
x = a①b + ①c + +①+ + d①
// U+24FF
x = a⓿b + ⓿c + +⓿+ + d⓿
// U+2500
x = a─b + ─c + +─+ + d─
// U+2775
x = a❵b + ❵c + +❵+ + d❵
// U+2776
x = a❶b + ❶c + +❶+ + d❶
// U+2793
x = a➓b + ➓c + +➓+ + d➓
// U+2794
x = a➔b + ➔c + +➔+ + d➔
// U+2BFF
x = a⯿b + ⯿c + +⯿+ + d⯿
// U+2C00
x = aⰀb + Ⰰc + +Ⰰ+ + dⰀ
// U+2DFF
x = aⷿb + ⷿc + +ⷿ+ + dⷿ
// U+2E00
x = a⸀b + ⸀c + +⸀+ + d⸀
// U+2E7F
x = a⹿b + ⹿c + +⹿+ + d⹿
// U+2E80
x = a⺀b + ⺀c + +⺀+ + d⺀
// U+2FFF
x = a⿿b + ⿿c + +⿿+ + d⿿
// U+3000
x = a　b + 　c + +　+ + d　
// U+3001
x = a、b + 、c + +、+ + d、
// U+3003
x = a〃b + 〃c + +〃+ + d〃
// U+3004
x = a〄b + 〄c + +〄+ + d〄
// U+3007
x = a〇b + 〇c + +〇+ + d〇
// U+3008
x = a〈b + 〈c + +〈+ + d〈
// U+3020
x = a〠b + 〠c + +〠+ + d〠
// U+3021
x = a〡b + 〡c + +〡+ + d〡
// U+302F
x = a〯b + 〯c + +〯+ + d〯
// U+3030
x = a〰b + 〰c + +〰+ + d〰
// U+3031
x = a〱b + 〱c + +〱+ + d〱
// U+303F
x = a〿b + 〿c + +〿+ + d〿
// U+3040
x = a぀b + ぀c + +぀+ + d぀
// U+D7FF
x = a퟿b + ퟿c + +퟿+ + d퟿
// U+F8FF
x = ab + c + ++ + d
// U+F900
x = a豈b + 豈c + +豈+ + d豈
// U+FD3D
x = aﴽb + ﴽc + +ﴽ+ + dﴽ
// U+FD3E
x = a﴾b + ﴾c + +﴾+ + d﴾
// U+FD3F
x = a﴿b + ﴿c + +﴿+ + d﴿
// U+FD40
x = a﵀b + ﵀c + +﵀+ + d﵀
// U+FDCF
x = a﷏b + ﷏c + +﷏+ + d﷏
// U+FDD0
x = a﷐b + ﷐c + +﷐+ + d﷐
// U+FDEF
x = a﷯b + ﷯c + +﷯+ + d﷯
// U+FDF0
x = aﷰb + ﷰc + +ﷰ+ + dﷰ
// U+FDFF
x = a﷿b + ﷿c + +﷿+ + d﷿
// U+FE00
x = a︀b + ︀c + +︀+ + d︀
// U+FE0F
x = a️b + ️c + +️+ + d️
// U+FE10
x = a︐b + ︐c + +︐+ + d︐
// U+FE1F
x = a︟b + ︟c + +︟+ + d︟
// U+FE20
x = a︠b + ︠c + +︠+ + d︠
// U+FE2F
x = a︯b + ︯c + +︯+ + d︯
// U+FE30
x = a︰b + ︰c + +︰+ + d︰
// U+FE44
x = a﹄b + ﹄c + +﹄+ + d﹄
// U+FE45
x = a﹅b + ﹅c + +﹅+ + d﹅
// U+FE46
x = a﹆b + ﹆c + +﹆+ + d﹆
// U+FE47
x = a﹇b + ﹇c + +﹇+ + d﹇
// U+FFF8
x = a￸b + ￸c + +￸+ + d￸
// U+FFF9
x = a￹b + ￹c + +￹+ + d￹
// U+FFFF
x = a￿b + ￿c + +￿+ + d￿
// U+10000
x = a𐀀b + 𐀀c + +𐀀+ + d𐀀
// U+1FFFD
x = a🿽b + 🿽c + +🿽+ + d🿽
// U+1FFFE
x = a🿾b + 🿾c + +🿾+ + d🿾
// U+1FFFF
x = a🿿b + 🿿c + +🿿+ + d🿿
// U+20000
x = a𠀀b + 𠀀c + +𠀀+ + d𠀀
// U+2FFFD
x = a𯿽b + 𯿽c + +𯿽+ + d𯿽
// U+2FFFE
x = a𯿾b + 𯿾c + +𯿾+ + d𯿾
// U+DFFFF
x = a󟿿b + 󟿿c + +󟿿+ + d󟿿
// U+E0000
x = a󠀀b + 󠀀c + +󠀀+ + d󠀀
// U+E00FF
x = a󠃿b + 󠃿c + +󠃿+ + d󠃿
// U+E0100
x = a󠄀b + 󠄀c + +󠄀+ + d󠄀
// U+E01EF
x = a󠇯b + 󠇯c + +󠇯+ + d󠇯
// U+E01F0
x = a󠇰b + 󠇰c + +󠇰+ + d󠇰
// U+EFFFD
x = a󯿽b + 󯿽c + +󯿽+ + d󯿽
// U+EFFFE
x = a󯿾b + 󯿾c + +󯿾+ + d󯿾
