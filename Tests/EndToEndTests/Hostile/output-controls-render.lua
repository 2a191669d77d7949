-- attack: escape sequences in every line render writes for a script: print, warn, ui.print, the clipboard and the tree
-- run: render --tree --size 20x2
-- status: 0
-- stdout: ui.print ␛\]0;title␇ �\[2J
-- stderr: print ␛\]52;c;aGk=␇ ␍overwritten
-- clean: true
local ui = require("theolua")
print("print \27]52;c;aGk=\7 \roverwritten")
warn("warn \27[2J\27[H")
ui.print("ui.print \27]0;title\7 \194\155[2J")
ui.clipboard.write("clip \27]0;x\7 \194\157 0;y\194\156")
return ui.component("Shown", {
  initialState = function() return { s = "state \27[31m\194\155" } end,
  render = function(self) return ui.text { "t \27[31m x", link = "https://a.example/\194\155" } end,
})()
