package io.hexmq.adapters.console;

import java.util.List;

/** The frame every page shares: title, navigation, and the style sheet (small enough to travel with each page). */
final class Layout {

    private record NavItem(String path, String label) {
    }

    private static final List<NavItem> NAVIGATION = List.of(
            new NavItem("/", "Overview"),
            new NavItem(ClusterPage.PATH, "Cluster"),
            new NavItem("/topics", "Topics"),
            new NavItem("/groups", "Consumer groups"),
            new NavItem("/messages", "Messages"));

    private static final String STYLE = """
            body{font-family:system-ui,sans-serif;margin:0;color:#1d2330;background:#f5f6f8}
            header{background:#1d2330;color:#fff;padding:.6rem 1.2rem;display:flex;gap:1.5rem;align-items:center}
            header strong{font-size:1.1rem}
            nav a{color:#c9d1e0;text-decoration:none;margin-right:1rem}
            nav a[aria-current]{color:#fff;border-bottom:2px solid #5aa0ff}
            main{padding:1rem 1.2rem;max-width:80rem}
            table{border-collapse:collapse;background:#fff;margin:.5rem 0 1rem}
            th,td{border:1px solid #d8dce4;padding:.3rem .6rem;text-align:left;font-size:.9rem;vertical-align:top}
            th{background:#eef1f6}
            td.num{text-align:right;font-variant-numeric:tabular-nums}
            form{background:#fff;border:1px solid #d8dce4;padding:.6rem;margin:.5rem 0 1rem;display:flex;gap:.6rem;
            flex-wrap:wrap;align-items:end}
            label{display:flex;flex-direction:column;font-size:.8rem;gap:.2rem}
            pre{background:#fff;border:1px solid #d8dce4;padding:.6rem;overflow:auto;max-height:30rem}
            .error{color:#a40000;font-weight:600}
            tr.unreachable td{background:#fbeaea}
            .notice{color:#0a6b2d;font-weight:600}
            svg{background:#fff;border:1px solid #d8dce4}
            """;

    private Layout() {
    }

    /** A whole page; {@code body} is markup the caller already escaped. */
    static String page(String title, String activePath, String body) {
        StringBuilder page = new StringBuilder(body.length() + 2048)
                .append("<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>")
                .append(Html.text(title)).append(" · hexmq</title><style>").append(STYLE)
                .append("</style></head><body><header><strong>hexmq</strong><nav>");
        for (NavItem item : NAVIGATION) {
            page.append("<a href=\"").append(item.path()).append('"')
                    .append(item.path().equals(activePath) ? " aria-current=\"page\"" : "")
                    .append('>').append(item.label()).append("</a>");
        }
        return page.append("</nav></header><main><h1>").append(Html.text(title)).append("</h1>")
                .append(body).append("</main></body></html>").toString();
    }
}
