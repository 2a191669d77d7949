-- attack: an error message made of escape sequences, to clear the screen and set the window title from render's standard error
-- status: 1
-- stderr: app\.lua:7: ␛\[2J␛\]0;pwned␇ and �
-- clean: true
local ui = require("theolua")
local function fail()
  error("\27[2J\27]0;pwned\7 and \194\155")
end
fail()
return ui.text("never")
