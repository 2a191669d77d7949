-- attack: a paragraph of 200,000 email addresses, each an autolink the parser makes at a thousand times its text
-- status: 0
-- stdout: ^a@b\.co a@b\.co
local ui = require("theolua")
return ui.markdown { ("a@b.co "):rep(200000) }
