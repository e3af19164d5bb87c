#include "Json.h"

#include <algorithm>
#include <cmath>
#include <cstring>

namespace cds::json {

namespace {

bool isSpace(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

std::size_t skipSpace(std::string_view t, std::size_t i) {
    while (i < t.size() && isSpace(t[i]))
        ++i;
    return i;
}

// Returns the index just past the string starting at t[i] == '"'; decodes into out if given.
std::size_t scanString(std::string_view t, std::size_t i, std::string* out) {
    ++i;
    while (i < t.size() && t[i] != '"') {
        if (t[i] == '\\' && i + 1 < t.size()) {
            if (out) {
                char e = t[i + 1];
                out->push_back(e == 'n' ? '\n' : e == 't' ? '\t' : e);
            }
            i += 2;
            continue;
        }
        if (out)
            out->push_back(t[i]);
        ++i;
    }
    return i + 1;
}

std::size_t skipValue(std::string_view t, std::size_t i) {
    i = skipSpace(t, i);
    if (i >= t.size())
        return i;
    if (t[i] == '"')
        return scanString(t, i, nullptr);
    if (t[i] == '{' || t[i] == '[') {
        int depth = 0;
        while (i < t.size()) {
            char c = t[i];
            if (c == '"') {
                i = scanString(t, i, nullptr);
                continue;
            }
            if (c == '{' || c == '[')
                ++depth;
            else if (c == '}' || c == ']') {
                if (--depth == 0)
                    return i + 1;
            }
            ++i;
        }
        return i;
    }
    while (i < t.size() && t[i] != ',' && t[i] != '}' && t[i] != ']' && !isSpace(t[i]))
        ++i;
    return i;
}

std::string unescapeToken(std::string_view tok) {
    std::string out;
    for (std::size_t i = 0; i < tok.size(); ++i) {
        if (tok[i] == '~' && i + 1 < tok.size()) {
            out.push_back(tok[i + 1] == '1' ? '/' : '~');
            ++i;
        } else {
            out.push_back(tok[i]);
        }
    }
    return out;
}

const char* typeName(const Json& v) {
    return v.type_name();
}

} // namespace

std::size_t locatePointer(std::string_view text, std::string_view pointer) {
    std::size_t pos = skipSpace(text, 0);
    std::size_t p = 0;
    while (p < pointer.size()) {
        if (pointer[p] != '/')
            return std::string_view::npos;
        std::size_t end = pointer.find('/', p + 1);
        if (end == std::string_view::npos)
            end = pointer.size();
        std::string token = unescapeToken(pointer.substr(p + 1, end - p - 1));
        p = end;
        pos = skipSpace(text, pos);
        if (pos >= text.size())
            return std::string_view::npos;
        if (text[pos] == '{') {
            pos = skipSpace(text, pos + 1);
            bool found = false;
            while (pos < text.size() && text[pos] == '"') {
                std::string key;
                pos = scanString(text, pos, &key);
                pos = skipSpace(text, pos);
                if (pos < text.size() && text[pos] == ':')
                    pos = skipSpace(text, pos + 1);
                if (key == token) {
                    found = true;
                    break;
                }
                pos = skipSpace(text, skipValue(text, pos));
                if (pos < text.size() && text[pos] == ',')
                    pos = skipSpace(text, pos + 1);
            }
            if (!found)
                return std::string_view::npos;
        } else if (text[pos] == '[') {
            char* endp = nullptr;
            unsigned long index = std::strtoul(token.c_str(), &endp, 10);
            if (token.empty() || *endp)
                return std::string_view::npos;
            pos = skipSpace(text, pos + 1);
            for (unsigned long k = 0; k < index; ++k) {
                pos = skipSpace(text, skipValue(text, pos));
                if (pos >= text.size() || text[pos] != ',')
                    return std::string_view::npos;
                pos = skipSpace(text, pos + 1);
            }
        } else {
            return std::string_view::npos;
        }
    }
    return skipSpace(text, pos);
}

void offsetToLineColumn(std::string_view text, std::size_t offset, int& line, int& column) {
    line = 1;
    column = 1;
    for (std::size_t i = 0; i < offset && i < text.size(); ++i) {
        if (text[i] == '\n') {
            ++line;
            column = 1;
        } else {
            ++column;
        }
    }
}

bool parse(std::string_view text, const QString& file, Json& out, FileError& error) {
    error = FileError{file, 0, 0, {}, {}};
    if (text.size() > kMaxFileBytes) {
        error.message = QStringLiteral("file is larger than 1 GiB");
        return false;
    }
    // Depth pre-scan: hostile nesting must not reach a recursive parser or destructor.
    int depth = 0;
    for (std::size_t i = 0; i < text.size(); ++i) {
        char c = text[i];
        if (c == '"') {
            i = scanString(text, i, nullptr) - 1;
        } else if (c == '{' || c == '[') {
            if (++depth > kMaxDepth) {
                offsetToLineColumn(text, i, error.line, error.column);
                error.message = QStringLiteral("nesting deeper than %1 levels").arg(kMaxDepth);
                return false;
            }
        } else if (c == '}' || c == ']') {
            --depth;
        }
    }
    try {
        out = Json::parse(text.begin(), text.end());
    } catch (const nlohmann::json::parse_error& e) {
        std::size_t byte = e.byte > 0 ? e.byte - 1 : 0;
        offsetToLineColumn(text, byte, error.line, error.column);
        std::string msg = e.what();
        // "[json.exception.parse_error.101] parse error at line 1, column 2: syntax error ..."
        if (auto colon = msg.find(": "); colon != std::string::npos)
            msg = msg.substr(colon + 2);
        if (text.empty() || skipSpace(text, 0) == text.size())
            msg = "the file is empty";
        error.message = QString::fromStdString(msg);
        return false;
    }
    return true;
}

FileError fieldError(std::string_view text, const QString& file, const FieldError& e) {
    FileError err{file, 0, 0, QString::fromStdString(e.pointer), QString::fromUtf8(e.what())};
    std::size_t off = locatePointer(text, e.pointer);
    if (off != std::string_view::npos)
        offsetToLineColumn(text, off, err.line, err.column);
    return err;
}

std::string child(const std::string& pointer, std::string_view key) {
    std::string out = pointer;
    out.push_back('/');
    for (char c : key) {
        if (c == '~')
            out += "~0";
        else if (c == '/')
            out += "~1";
        else
            out.push_back(c);
    }
    return out;
}

std::string child(const std::string& pointer, std::size_t index) {
    return pointer + "/" + std::to_string(index);
}

void requireObject(const Json& v, const std::string& ptr) {
    if (!v.is_object())
        throw FieldError(ptr, std::string("expected an object, found ") + typeName(v));
}

void requireArray(const Json& v, const std::string& ptr) {
    if (!v.is_array())
        throw FieldError(ptr, std::string("expected an array, found ") + typeName(v));
}

const Json& member(const Json& obj, std::string_view key, const std::string& ptr) {
    requireObject(obj, ptr);
    auto it = obj.find(key);
    if (it == obj.end())
        throw FieldError(ptr, "missing required field \"" + std::string(key) + "\"");
    return *it;
}

const Json* optionalMember(const Json& obj, std::string_view key) {
    if (!obj.is_object())
        return nullptr;
    auto it = obj.find(key);
    if (it == obj.end() || it->is_null())
        return nullptr;
    return &*it;
}

double number(const Json& v, const std::string& ptr, double min, double max) {
    if (!v.is_number())
        throw FieldError(ptr, std::string("expected a number, found ") + typeName(v));
    double d = v.get<double>();
    if (!std::isfinite(d) || d < min || d > max)
        throw FieldError(ptr, "number " + v.dump() + " is outside the allowed range " +
                                  Json(min).dump() + " to " + Json(max).dump());
    return d;
}

long long integer(const Json& v, const std::string& ptr, long long min, long long max) {
    if (!v.is_number_integer()) {
        if (v.is_number_float()) {
            double d = v.get<double>();
            if (std::isfinite(d) && d == std::floor(d) && d >= double(min) && d <= double(max))
                return static_cast<long long>(d);
        }
        throw FieldError(ptr, std::string("expected a whole number, found ") +
                                  (v.is_number() ? v.dump() : typeName(v)));
    }
    if (v.is_number_unsigned() && v.get<unsigned long long>() > (unsigned long long)max)
        throw FieldError(ptr, "number " + v.dump() + " is too large");
    long long x = v.get<long long>();
    if (x < min || x > max)
        throw FieldError(ptr, "number " + v.dump() + " is outside the allowed range " +
                                  std::to_string(min) + " to " + std::to_string(max));
    return x;
}

std::string string(const Json& v, const std::string& ptr, std::size_t maxLength) {
    if (!v.is_string())
        throw FieldError(ptr, std::string("expected a string, found ") + typeName(v));
    const auto& s = v.get_ref<const std::string&>();
    if (s.size() > maxLength)
        throw FieldError(ptr, "string longer than " + std::to_string(maxLength) + " bytes");
    return s;
}

bool boolean(const Json& v, const std::string& ptr) {
    if (!v.is_boolean())
        throw FieldError(ptr, std::string("expected true or false, found ") + typeName(v));
    return v.get<bool>();
}

QString qstring(const Json& v, const std::string& ptr, std::size_t maxLength) {
    return QString::fromStdString(string(v, ptr, maxLength));
}

double optNumber(const Json& obj, std::string_view key, const std::string& objPtr, double min,
                 double max, double fallback) {
    const Json* v = optionalMember(obj, key);
    return v ? number(*v, child(objPtr, key), min, max) : fallback;
}

std::optional<double> optNumber(const Json& obj, std::string_view key, const std::string& objPtr,
                                double min, double max) {
    const Json* v = optionalMember(obj, key);
    if (!v)
        return std::nullopt;
    return number(*v, child(objPtr, key), min, max);
}

bool optBool(const Json& obj, std::string_view key, const std::string& objPtr, bool fallback) {
    const Json* v = optionalMember(obj, key);
    return v ? boolean(*v, child(objPtr, key)) : fallback;
}

QString optString(const Json& obj, std::string_view key, const std::string& objPtr,
                  const QString& fallback) {
    const Json* v = optionalMember(obj, key);
    return v ? qstring(*v, child(objPtr, key)) : fallback;
}

namespace {

bool isScalar(const nlohmann::ordered_json& v) {
    return !v.is_object() && !v.is_array();
}

void write(std::string& out, const nlohmann::ordered_json& v, int indent) {
    if (v.is_object()) {
        if (v.empty()) {
            out += "{}";
            return;
        }
        out += "{\n";
        bool first = true;
        for (auto it = v.begin(); it != v.end(); ++it) {
            if (!first)
                out += ",\n";
            first = false;
            out.append(std::size_t(indent + 2), ' ');
            out += nlohmann::ordered_json(it.key()).dump();
            out += ": ";
            write(out, it.value(), indent + 2);
        }
        out += "\n";
        out.append(std::size_t(indent), ' ');
        out += "}";
    } else if (v.is_array()) {
        bool flat = std::all_of(v.begin(), v.end(), [](const auto& e) { return isScalar(e); });
        if (v.empty() || flat) {
            out += "[";
            bool first = true;
            for (const auto& e : v) {
                if (!first)
                    out += ", ";
                first = false;
                out += e.dump();
            }
            out += "]";
            return;
        }
        out += "[\n";
        bool first = true;
        for (const auto& e : v) {
            if (!first)
                out += ",\n";
            first = false;
            out.append(std::size_t(indent + 2), ' ');
            write(out, e, indent + 2);
        }
        out += "\n";
        out.append(std::size_t(indent), ' ');
        out += "]";
    } else {
        out += v.dump();
    }
}

} // namespace

std::string dumpStable(const nlohmann::ordered_json& v) {
    std::string out;
    write(out, v, 0);
    out += "\n";
    return out;
}

} // namespace cds::json
