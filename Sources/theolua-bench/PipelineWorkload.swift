/// The whole-pipeline workload: a keyed list of rows inside a scroll, each row three
/// texts in a row, on a 120x40 screen. The list's `count` prop sets the number of rows;
/// the key `j` moves the selection (the list re-renders and two rows change).
enum PipelineWorkload {
    /// What each row is.
    enum Rows: String, CaseIterable {
        /// A component with state and a controller.
        case controllers
        /// A component with state, no controller.
        case stateful
        /// A stateless function component.
        case stateless
        /// The list as people write it (`../shared/perf/list.lua`): an inline `onKey`
        /// closure made by every render, rows of `ui.text("…")` strings, a scroll that
        /// grows, and a controller per row keeping it in a table.
        case written

        var description: String {
            switch self {
            case .controllers: "stateful rows with controllers"
            case .stateful: "stateful rows, no controllers"
            case .stateless: "stateless rows"
            case .written: "the list as people write it (inline closures, string texts, controllers)"
            }
        }
    }

    static let width = 120
    static let height = 40

    /// The app's source.
    static func source(_ rows: Rows) -> String {
        if rows == .written { return written }
        let row: String
        let look = """
                return ui.row { gap = 1,
                  ui.text { p.selected and ">" or " ", bold = p.selected },
                  ui.text { "row " .. p.index, grow = 1 },
                  ui.text { tostring(clicks), color = "cyan" },
                }
            """
        switch rows {
        case .stateless:
            row = """
                local Row = ui.component("Row", function(p)
                  local clicks = 0
                \(look)
                end)
                """
        case .stateful, .controllers, .written:
            let controller =
                rows == .controllers
                ? """
                  controller = {
                    init = function(ctl) ctl.seen = ctl.props.index end,
                    didUpdateComponent = function(ctl) ctl.seen = ctl.props.index end,
                  },
                """ : ""
            row = """
                local Row = ui.component("Row", {
                  props = { index = "integer", selected = "boolean" },
                  initialState = function() return { clicks = 0 } end,
                  render = function(self)
                    local p, clicks = self.props, self.state.clicks
                \(look)
                  end,
                  actions = { click = function(self) self:updateState(function(s) return { clicks = s.clicks + 1 } end) end },
                \(controller)
                })
                """
        }
        return """
            local ui = require("theolua")
            \(row)
            return ui.component("List", {
              props = { count = { "integer", default = 10000 } },
              initialState = function() return { selected = 1 } end,
              render = function(self)
                local rows, selected = {}, self.state.selected
                for i = 1, self.props.count do rows[i] = Row { key = i, index = i, selected = i == selected } end
                return ui.column { onKey = self:handler("key"), ui.scroll { rows } }
              end,
              actions = {
                key = function(self, event)
                  if event.name ~= "j" then return false end
                  self:updateState(function(s) return { selected = s.selected % self.props.count + 1 } end)
                  return true
                end,
              },
            })
            """
    }

    /// The shape of `list.lua`, with the `count` prop and a `click` action on rows that
    /// the other workloads have (list.lua pokes a row through its controller instead).
    static let written = """
        local ui = require("theolua")
        local rowsByIndex = {}
        local Row = ui.component("Row", {
          props = { index = "integer", selected = "boolean" },
          initialState = function() return { hits = 0 } end,
          render = function(self)
            return ui.row { gap = 1,
              ui.text(self.props.selected and ">" or " "),
              ui.text("row " .. self.props.index),
              ui.text("hits " .. self.state.hits),
            }
          end,
          actions = { click = function(self) self:updateState(function(s) return { hits = s.hits + 1 } end) end },
          controller = {
            init = function(ctl) rowsByIndex[ctl.props.index] = ctl end,
            willUnmount = function(ctl) rowsByIndex[ctl.props.index] = nil end,
          },
        })
        return ui.component("List", {
          props = { count = { "integer", default = 10000 } },
          initialState = function() return { sel = 1 } end,
          render = function(self)
            local rows = {}
            for i = 1, self.props.count do
              rows[i] = Row { key = i, index = i, selected = (i == self.state.sel) }
            end
            return ui.column {
              onKey = function(key)
                if key.name == "j" then
                  self:updateState(function(s) return { sel = s.sel % self.props.count + 1 } end)
                  return true
                end
              end,
              ui.text("list of " .. self.props.count),
              ui.scroll { grow = 1, rows },
            }
          end,
        })
        """

    /// The floor: plain Lua building the tables the list's render builds, and the
    /// tables of one row's render for every row.
    static func floor(count: Int) -> String {
        """
        local rows, selected = {}, 7
        for i = 1, \(count) do
          rows[i] = { key = i, index = i, selected = i == selected }
          local p = rows[i]
          local _ = { gap = 1, { p.selected and ">" or " ", bold = p.selected }, { "row " .. p.index, grow = 1 }, { tostring(0), color = "cyan" } }
        end
        return rows
        """
    }

    /// The floor of a selection move in the written shape: the list's render loop in
    /// plain Lua, each row's table handed to a Lua function that returns it in place of
    /// the `Row` constructor. Everything a move costs past this is theolua's.
    static func moveFloor(count: Int) -> String {
        """
        local Row = function(props) return props end
        local rows, selected = {}, 7
        for i = 1, \(count) do
          rows[i] = Row { key = i, index = i, selected = (i == selected) }
        end
        return rows
        """
    }
}
