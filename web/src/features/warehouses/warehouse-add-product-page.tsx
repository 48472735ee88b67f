import { Alert, Select, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { errorKey } from '../../lib/api-client';
import { FormCard, FormPage } from '../../ui/form-page';
import { useAddProductToWarehouse, useOfferedProducts, useProductStock, useWarehouse } from './api';

/** domain.md §2.2 /warehouse/{id}/add-product: the warehouse starts keeping a product, at 0. */
export function WarehouseAddProductPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const warehouse = useWarehouse(id);
  const offered = useOfferedProducts();
  // The products already kept are left out of the choice (the server would answer 409).
  const kept = useProductStock(id, { current_page: 1, per_page: 1000 });
  const add = useAddProductToWarehouse(id);
  const [productId, setProductId] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const keptIds = new Set(kept.data?.items.map((s) => s.product.id));
  const choices = (offered.data ?? [])
    .filter((p) => !keptIds.has(p.id))
    .map((p) => ({ value: String(p.id), label: `${p.name} (${p.shorten_name})` }));

  const submit = () => {
    setProblem(null);
    if (!productId) return setProblem(t('errors.missingFields'));
    add.mutate(Number(productId), {
      onSuccess: (stock) => {
        notifications.show({
          color: 'green',
          message: t('stock.productAdded', { name: stock.product.name }),
        });
        navigate(`/warehouse/${id}`);
      },
      onError: (e) => setProblem(t(errorKey(e))),
    });
  };

  const loading = offered.isPending || kept.isPending;
  return (
    <FormPage
      back={{ to: `/warehouse/${id}`, label: t('stock.backToStock') }}
      title={t('stock.addProductHeading')}
      maw={640}
    >
      {warehouse.data ? <Text c="dimmed">{warehouse.data.name}</Text> : null}
      <FormCard
        onSubmit={submit}
        problem={problem}
        submitLabel={t('stock.addProduct')}
        pending={add.isPending}
        cancel={{ to: `/warehouse/${id}` }}
      >
        {offered.isError ? <Alert color="red">{t(errorKey(offered.error))}</Alert> : null}
        <Select
          label={t('stock.fields.product')}
          placeholder={loading ? t('common.loading') : t('stock.pickProduct')}
          required
          searchable
          data={choices}
          value={productId}
          onChange={setProductId}
          nothingFoundMessage={t('stock.noProductToAdd')}
          error={problem === t('errors.missingFields')}
          disabled={loading}
        />
        {!loading && choices.length === 0 ? (
          <Text c="dimmed" size="sm">
            {t('stock.noProductToAdd')}
          </Text>
        ) : null}
        <Text size="sm" c="dimmed">
          {t('stock.addProductHint')}
        </Text>
      </FormCard>
    </FormPage>
  );
}
