-- Exercises pure-Lua libraries as their documentation shows them; returns the lines
-- they produce, the same under theolua and under the stock interpreter.
local lines = {}
local function say(...) local t = {} for i = 1, select("#", ...) do t[i] = tostring((select(i, ...))) end lines[#lines + 1] = table.concat(t, " ") end

local List = require("pl.List")
local l = List { 10, 20, 30 }
say("List", l:map(function(x) return x / 10 end):concat(","), l:slice(2, 3):len(), List.range(1, 5):reduce("+"))
local stringx = require("pl.stringx")
say("stringx", table.concat(stringx.split("a, b,c", ","), "|"), stringx.strip("  x  "), stringx.startswith("hello", "he"))
local tablex = require("pl.tablex")
say("tablex", tablex.deepcompare({ 1, { 2, 3 } }, { 1, { 2, 3 } }), table.concat(tablex.keys({ a = 1 }), ","), tablex.size({ 1, 2, x = 3 }))
local pretty = require("pl.pretty")
say("pretty", pretty.write({ 1, 2, { a = "b" } }, ""))
local class = require("pl.class")
local Animal = class()
function Animal:_init(name) self.name = name end
function Animal:__tostring() return "Animal " .. self.name end
local Dog = class(Animal)
function Dog:speak() return self.name .. " barks" end
local d = Dog("rex")
say("class", tostring(d), d:speak(), d:is_a(Animal), Dog:class_of(d))
local OrderedMap = require("pl.OrderedMap")
local m = OrderedMap()
m:set("z", 1); m:set("a", 2)
say("OrderedMap", table.concat(m:keys(), ","))
local template = require("pl.template")
say("template", (template.substitute("$(x) and $(y)", { x = "one", y = 2 })))
local seq = require("pl.seq")
say("seq", seq.sum(seq.list({ 1, 2, 3 })), table.concat(seq.copy(seq.filter(seq.list({ 1, 2, 3, 4 }), function(x) return x % 2 == 0 end)), ","))
local lexer = require("pl.lexer")
local toks = {}
for t, v in lexer.lua("local x = 42 + y") do toks[#toks + 1] = t .. ":" .. v end
say("lexer", table.concat(toks, " "))
local sip = require("pl.sip")
local res = {}
say("sip", sip.match("$v=$d", "x=42", res), res[1], res[2])
local types = require("pl.types")
say("types", types.is_integer(3), types.is_callable(print), types.is_empty({}))
local utils = require("pl.utils")
say("utils", utils.quote_arg("a b"), table.concat(utils.split("1;2;3", ";"), "+"))
local Set = require("pl.Set")
say("Set", tostring(Set { 1, 2 } + Set { 2, 3 }))
local Map = require("pl.Map")
local mm = Map { a = 1 }
say("Map", mm:get("a"), mm:len())
local text = require("pl.text")
say("text", (text.Template("hi $name"):substitute({ name = "you" })))
local array2d = require("pl.array2d")
say("array2d", table.concat(array2d.flatten({ { 1, 2 }, { 3, 4 } }), ","))
local func = require("pl.func")
say("func", func.compose(function(x) return x + 1 end, function(x) return x * 2 end)(5))
local comprehension = require("pl.comprehension")
local C = comprehension.new()
say("comprehension", table.concat(C("x^2 for x")({ 1, 2, 3 }), ","))
local argparse = require("argparse")
local parser = argparse("tool", "A tool.")
parser:argument("input", "Input file.")
parser:option("-o --output", "Output file.", "a.out")
parser:flag("-v --verbose", "Verbose.")
local args = parser:parse({ "in.txt", "-v" })
say("argparse", args.input, args.output, args.verbose)
say("argparse usage", (parser:get_usage():gsub("\n", " ")))
local json = require("dkjson")
local doc = json.decode('{"a":[1,2,{"b":null}],"c":"\\u00e9"}', 1, json.null)
say("dkjson", json.encode(doc.a), doc.c, json.encode({ 1, 2, 3 }), json.encode({ x = true }))
return lines
