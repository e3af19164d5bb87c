#pragma once
// Internal to model/: JSON written straight to a string, value by value, without a tree.

#include <QString>

#include <nlohmann/json.hpp>

#include <string>
#include <string_view>
#include <vector>

namespace cds::json {

/// @brief Streams JSON into a string, byte for byte as dumpStable (Stable) or nlohmann's
/// dump() (Compact) would write the tree of the same values.
/// A 100,000-GPU design is 30 MiB of text; building its ordered_json tree first cost more than
/// writing it. Scalars go through nlohmann's own serializer, so a number or a string is spelt
/// exactly as the tree writer spells it: value(x) holds x as the tree would (an int stays an
/// integer, a double prints as 600.0).
/// Stable layout (Json.h, dumpStable): 2-space indent, one member or element per line, and an
/// array whose first element is a scalar on one line. An object or array that follows a
/// scalar in such an array is a defect (the tree would have laid the array out on lines) and
/// throws std::logic_error; the design file never writes one.
class JsonWriter {
public:
    enum class Style { Stable, Compact };

    /// Appends to @p out, which must outlive the writer.
    explicit JsonWriter(std::string& out, Style style = Style::Stable);
    JsonWriter(const JsonWriter&) = delete;
    JsonWriter& operator=(const JsonWriter&) = delete;

    void beginObject();
    void endObject();
    void beginArray();
    void endArray();
    /// The next member's key; its value follows with value() or begin...().
    void key(std::string_view k);

    /// A scalar, converted to JSON exactly as `ordered_json(v)` converts it.
    template <typename T> void value(const T& v) { scalar(nlohmann::ordered_json(v)); }
    void value(std::string_view s);
    void value(const std::string& s) { value(std::string_view(s)); }
    void value(const char* s) { value(std::string_view(s)); }
    void value(const QString& s) { value(s.toStdString()); }
    /// A subtree (a catalog entry, a small section still built as a tree), laid out as
    /// dumpStable lays it out at this depth.
    void value(const nlohmann::ordered_json& v);

    template <typename T> void member(std::string_view k, const T& v) {
        key(k);
        value(v);
    }
    /// Each member of object @p obj, in its order, as members of the open object.
    void members(const nlohmann::ordered_json& obj);

private:
    enum class Layout { Unknown, Flat, Lines };
    struct Open {
        bool object = false;
        bool empty = true;
        Layout layout = Layout::Unknown;
    };

    void beforeValue(bool container);
    void scalar(const nlohmann::ordered_json& v);
    void string(std::string_view s);
    void newline(std::size_t depth);

    std::string& m_out;
    Style m_style;
    std::vector<Open> m_open;
    nlohmann::detail::serializer<nlohmann::ordered_json> m_serializer;
};

} // namespace cds::json
