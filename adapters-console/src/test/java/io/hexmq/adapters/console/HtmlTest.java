package io.hexmq.adapters.console;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class HtmlTest {

    @Test
    void text_escapesWhatCouldEndTextOrAnAttribute() {
        assertThat(Html.text("<script>alert('x')</script> & \"q\"")).isEqualTo(
                "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;q&quot;");
    }

    @Test
    void text_leavesPlainTextAsItIs_andNullEmpty() {
        String plain = "orders-2026 é";
        assertThat(Html.text(plain)).isSameAs(plain);
        assertThat(Html.text(null)).isEmpty();
    }

    @Test
    void param_percentEncodesThenEscapes() {
        assertThat(Html.param("%RETRY%a b&c")).isEqualTo("%25RETRY%25a+b%26c");
    }
}
