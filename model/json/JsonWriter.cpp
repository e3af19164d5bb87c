#include "JsonWriter.h"

#include "Json.h"

#include <stdexcept>

namespace cds::json {

namespace {

/// A string nlohmann writes unchanged between quotes: printable ASCII without '"' or '\'.
/// Names and ids nearly always are; anything else goes through nlohmann's escaping.
bool needsNoEscape(std::string_view s) {
    for (const char c : s) {
        const auto u = static_cast<unsigned char>(c);
        if (u < 0x20 || u > 0x7E || c == '"' || c == '\\')
            return false;
    }
    return true;
}

} // namespace

JsonWriter::JsonWriter(std::string& out, Style style)
    : m_out(out)
    , m_style(style)
    , m_serializer(nlohmann::detail::output_adapter<char, std::string>(out), ' ') {}

void JsonWriter::newline(std::size_t depth) {
    m_out += '\n';
    m_out.append(2 * depth, ' ');
}

void JsonWriter::beforeValue(bool container) {
    if (m_open.empty() || m_open.back().object)
        return; // the root, or a member's value after its key
    Open& a = m_open.back();
    if (m_style == Style::Compact) {
        if (!a.empty)
            m_out += ',';
        a.empty = false;
        return;
    }
    if (a.empty)
        a.layout = container ? Layout::Lines : Layout::Flat;
    if (a.layout == Layout::Flat) {
        if (container)
            throw std::logic_error("JsonWriter: an object or array after a scalar in an array");
        if (!a.empty)
            m_out += ", ";
    } else {
        if (!a.empty)
            m_out += ',';
        newline(m_open.size());
    }
    a.empty = false;
}

void JsonWriter::beginObject() {
    beforeValue(true);
    m_open.push_back({true, true, Layout::Unknown});
    m_out += '{';
}

void JsonWriter::endObject() {
    const bool empty = m_open.back().empty;
    m_open.pop_back();
    if (m_style == Style::Stable && !empty)
        newline(m_open.size());
    m_out += '}';
}

void JsonWriter::beginArray() {
    beforeValue(true);
    m_open.push_back({false, true, Layout::Unknown});
    m_out += '[';
}

void JsonWriter::endArray() {
    const bool lines = m_open.back().layout == Layout::Lines;
    m_open.pop_back();
    if (m_style == Style::Stable && lines)
        newline(m_open.size());
    m_out += ']';
}

void JsonWriter::key(std::string_view k) {
    Open& o = m_open.back();
    if (!o.empty)
        m_out += ',';
    if (m_style == Style::Stable)
        newline(m_open.size());
    o.empty = false;
    string(k);
    m_out += m_style == Style::Stable ? ": " : ":";
}

void JsonWriter::value(std::string_view s) {
    beforeValue(false);
    string(s);
}

void JsonWriter::value(const nlohmann::ordered_json& v) {
    beforeValue(v.is_object() || v.is_array());
    if (m_style == Style::Stable)
        appendStable(m_out, v, int(2 * m_open.size()));
    else
        m_serializer.dump(v, false, false, 0);
}

void JsonWriter::members(const nlohmann::ordered_json& obj) {
    for (auto it = obj.begin(); it != obj.end(); ++it) {
        key(it.key());
        value(it.value());
    }
}

void JsonWriter::scalar(const nlohmann::ordered_json& v) {
    beforeValue(false);
    m_serializer.dump(v, false, false, 0);
}

void JsonWriter::string(std::string_view s) {
    if (needsNoEscape(s)) {
        m_out += '"';
        m_out += s;
        m_out += '"';
        return;
    }
    m_serializer.dump(nlohmann::ordered_json(std::string(s)), false, false, 0);
}

} // namespace cds::json
