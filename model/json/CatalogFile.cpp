#include "CatalogFile.h"

#include "../InputFile.h"
#include "Json.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QStandardPaths>

namespace cds {

namespace {

/// The entries of an items file into @p parsed. Throws json::FieldError.
void readItems(const json::Json& doc, Catalog& parsed) {
    const json::Json& items = json::member(doc, "items", "");
    json::requireArray(items, "/items");
    for (std::size_t i = 0; i < items.size(); ++i) {
        CatalogItem it = json::parseCatalogItem(items[i], json::child("/items", i));
        if (parsed.find(it.id))
            throw json::FieldError(json::child(json::child("/items", i), "id"),
                                   "duplicate id \"" + it.id.toStdString() + "\"");
        parsed.add(std::move(it));
    }
}

} // namespace

bool CatalogLibrary::loadFile(const QString& path) {
    QByteArray bytes;
    QString error;
    if (!readInputFile(path, kMaxCatalogFileBytes, bytes, error)) {
        m_errors.push_back({path, 0, 0, {}, error});
        return false;
    }
    return loadBytes(bytes, path);
}

bool CatalogLibrary::loadBytes(const QByteArray& bytes, const QString& path) {
    const std::string_view text(bytes.constData(), std::size_t(bytes.size()));
    json::Json doc;
    FileError err;
    if (!json::parse(text, path, doc, err)) {
        m_errors.push_back(err);
        return false;
    }
    Catalog parsed;
    std::shared_ptr<const FailureRateTable> rates;
    try {
        json::requireObject(doc, "");
        long long version =
            json::integer(json::member(doc, "formatVersion", ""), "/formatVersion", 0, 1 << 30);
        if (version != 1)
            throw json::FieldError("/formatVersion", "unsupported catalog formatVersion " +
                                                         std::to_string(version) +
                                                         " (this version of the studio reads 1)");
        if (json::optString(doc, "family", "") == QLatin1String(json::kFailureRatesFamily)) {
            FailureRateTable t = json::parseFailureRates(doc);
            t.file = path;
            rates = std::make_shared<const FailureRateTable>(std::move(t));
        } else {
            readItems(doc, parsed);
        }
    } catch (const json::FieldError& e) {
        m_errors.push_back(json::fieldError(text, path, e));
        return false;
    } catch (const std::exception&) {
        m_errors.push_back(
            {path, 0, 0, {}, QStringLiteral("the file holds a value the studio cannot read")});
        return false;
    }
    for (const auto& it : parsed.items())
        m_catalog.add(it);
    if (rates) // a later file (the user folder's) replaces the table as a whole
        m_catalog.setFailureRates(std::move(rates));
    m_files << path;
    return true;
}

int CatalogLibrary::loadFolder(const QString& folder) {
    QDir dir(folder);
    if (!dir.exists())
        return 0;
    std::size_t before = m_catalog.size();
    // System: devices, FIFOs and dangling links are listed too, so each is refused with a
    // message instead of passing unseen.
    const auto names =
        dir.entryList({QStringLiteral("*.json")}, QDir::Files | QDir::System, QDir::Name);
    for (const QString& n : names)
        loadFile(dir.filePath(n));
    return int(m_catalog.size() - before);
}

QString CatalogLibrary::bundledFolder() {
    const QString env = qEnvironmentVariable("CDS_CATALOG_DIR");
    if (!env.isEmpty())
        return env;
    QStringList candidates;
    if (QCoreApplication::instance()) {
        const QString exe = QCoreApplication::applicationDirPath();
        candidates << exe + QStringLiteral("/../share/cluster-design-studio/catalogs");
    }
    candidates << QStringLiteral(CDS_INSTALL_DATADIR "/catalogs")
               << QStringLiteral(CDS_SOURCE_DIR "/catalogs");
    for (const QString& c : candidates)
        if (QFileInfo::exists(c + QStringLiteral("/servers.json")))
            return QDir::cleanPath(c);
    return QStringLiteral(CDS_SOURCE_DIR "/catalogs");
}

QString CatalogLibrary::userFolder() {
    const QString env = qEnvironmentVariable("CDS_USER_CATALOG_DIR");
    if (!env.isEmpty())
        return env;
    return QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation) +
           QStringLiteral("/cluster-design-studio/catalogs");
}

CatalogLibrary CatalogLibrary::loadDefault() {
    CatalogLibrary lib;
    lib.loadFolder(bundledFolder());
    lib.loadFolder(userFolder());
    return lib;
}

std::shared_ptr<const FailureRateTable> CatalogLibrary::defaultFailureRates() {
    // Read once per process: a design opened from a file embeds no rates, and the studio and
    // the CLI read these same folders.
    static const std::shared_ptr<const FailureRateTable> rates =
        loadDefault().catalog().failureRates();
    return rates;
}

} // namespace cds
