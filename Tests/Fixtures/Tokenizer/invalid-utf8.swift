let a = "ÿþ"
let Ã = 1
// â‚
ðŸ˜
let b = 2Ã©
í € x
