-- attack: rawset on props
-- status: 1
-- stderr: app\.lua:5: C: cannot rawset props: it is read-only
local ui = require("theolua")
return ui.component("C", function(props) rawset(props, "x", 1) return "x" end) { a = 1 }
